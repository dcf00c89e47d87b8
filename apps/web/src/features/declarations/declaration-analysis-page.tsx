import { Alert } from 'antd';
import { useSession } from '../../lib/session';
import { RecordForbidden } from '../../ui/record-states';
import { ApproveDeliveryButton } from './approve-delivery';
import {
  DECLARATIONS_BACK,
  DeclarationFlowCard,
  DeclarationFrame,
  DeclarationHistoryCard,
  WithDeclaration,
} from './declaration-detail';
import { DeclarationReadOnly } from './declaration-sections';
import { OriginCheckCard } from './origin-check-card';

/**
 * /declaracao-analise/$id (UX "Analysis screens"): the declaration on the left; the origin check, the decision
 * (take, approve by delivery or by digital signature, reject with reason) and the history on the right.
 */
export function DeclarationAnalysisPage() {
  const { can } = useSession();
  if (!can('declaration.analyse')) {
    return (
      <RecordForbidden title="Você não tem permissão para analisar declarações." back={DECLARATIONS_BACK} />
    );
  }
  return (
    <WithDeclaration>
      {(declaration) => (
        <DeclarationFrame
          declaration={declaration}
          hint={`Análise · ${declaration.exporter.name} · ${declaration.trade_association.name}`}
          wideSide
          main={<DeclarationReadOnly declaration={declaration} />}
          side={
            <>
              <OriginCheckCard declaration={declaration} />
              <DeclarationFlowCard
                title="Decisão"
                declaration={declaration}
                only={['take', 'digitally_signed', 'reject']}
                extra={
                  declaration.actions.length === 0 && declaration.status === 'EM_ANALISE' ? (
                    <Alert
                      type="info"
                      showIcon
                      title="Só o analista que iniciou a análise decide sobre ela."
                    />
                  ) : (
                    <ApproveDeliveryButton declaration={declaration} />
                  )
                }
              />
              <DeclarationHistoryCard declaration={declaration} />
            </>
          }
        />
      )}
    </WithDeclaration>
  );
}
