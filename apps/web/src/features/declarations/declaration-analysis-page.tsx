import { Alert, Col, Row, Space } from 'antd';
import { useSession } from '../../lib/session';
import { RecordForbidden } from '../../ui/record-states';
import { ApproveDeliveryButton } from './approve-delivery';
import {
  DECLARATIONS_BACK,
  DeclarationFlowCard,
  DeclarationHeader,
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
        <>
          <DeclarationHeader
            declaration={declaration}
            hint={`Análise · ${declaration.exporter.name} · ${declaration.trade_association.name}`}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <DeclarationReadOnly declaration={declaration} />
            </Col>
            <Col xs={24} xl={8}>
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
              </Space>
            </Col>
          </Row>
        </>
      )}
    </WithDeclaration>
  );
}
