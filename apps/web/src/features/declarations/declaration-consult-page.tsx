import {
  DeclarationFrame,
  DeclarationHistoryCard,
  DeclarationStatusNotice,
  WithDeclaration,
} from './declaration-detail';
import { DeclarationReadOnly } from './declaration-sections';

/** /declaracao-consulta/$id: the declaration read-only, with its documents and history. */
export function DeclarationConsultPage() {
  return (
    <WithDeclaration>
      {(declaration) => (
        <DeclarationFrame
          declaration={declaration}
          main={<DeclarationReadOnly declaration={declaration} />}
          side={
            <>
              <DeclarationStatusNotice declaration={declaration} />
              <DeclarationHistoryCard declaration={declaration} />
            </>
          }
        />
      )}
    </WithDeclaration>
  );
}
