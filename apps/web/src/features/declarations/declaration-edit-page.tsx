import { Alert } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { PageHeader } from '../../ui/page-header';
import { RecordForbidden } from '../../ui/record-states';
import { DECLARATION_SCREENS } from './api/keys';
import {
  DECLARATIONS_BACK,
  DeclarationFlowCard,
  DeclarationFrame,
  DeclarationHistoryCard,
  WithDeclaration,
} from './declaration-detail';
import { DeclarationForm } from './declaration-form';
import { DeclarationReadOnly } from './declaration-sections';

/**
 * /declaracao/$id: `novo` drafts a declaration; a number edits it while it is a draft or rejected (and the user
 * declares it), with the send-for-analysis step and the history beside the form; otherwise it shows read-only.
 */
export function DeclarationEditPage() {
  const { raw } = useRouteId();
  const { can } = useSession();
  const [dirty, setDirty] = useState(false);
  if (raw === 'novo') {
    if (!can('declaration.create')) {
      return (
        <RecordForbidden
          title="Você não tem permissão para cadastrar declarações."
          back={DECLARATIONS_BACK}
        />
      );
    }
    return (
      <>
        <PageHeader
          title="Nova declaração"
          hint="Declaração de origem do produtor: o produto, o fabricante, o acordo e os materiais que o analista confere."
          backTo={DECLARATION_SCREENS.list}
        />
        <DeclarationForm />
      </>
    );
  }
  return (
    <WithDeclaration>
      {(declaration) => (
        <DeclarationFrame
          declaration={declaration}
          main={
            declaration.can.edit ? (
              <DeclarationForm
                key={`${declaration.id}-${declaration.updated_at}`}
                declaration={declaration}
                onDirtyChange={setDirty}
              />
            ) : (
              <DeclarationReadOnly declaration={declaration} />
            )
          }
          side={
            <>
              <DeclarationFlowCard
                declaration={declaration}
                // What is sent is what was saved: unsaved changes first go through "Salvar".
                only={dirty && declaration.can.edit ? [] : ['send_analysis']}
                extra={
                  dirty && declaration.can.edit ? (
                    <Alert
                      type="warning"
                      showIcon
                      title="Salve as alterações antes de enviar para análise."
                    />
                  ) : undefined
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
