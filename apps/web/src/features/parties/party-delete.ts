import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { confirmAction } from '../../ui/confirm-dialog';
import { showSuccessDialog } from '../../ui/feedback';
import type { PartyKindView } from './party-kind';

/**
 * Asks, deletes, shows the server's success text. Resolves true when deleted. Shared by the list's row action and
 * the form's "Excluir".
 */
export function useRemoveParty(view: PartyKindView, remove: (id: number) => Promise<{ message: string }>) {
  return async (party: Pick<PartyRecord, 'id' | 'name'>): Promise<boolean> => {
    const confirmed = await confirmAction({
      title: `Excluir ${view.the} ${party.name}?`,
      content: 'Os usuários ligados a este cadastro perderão o acesso ao Origem imediatamente.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return false;
    const { message } = await remove(party.id);
    void showSuccessDialog(message);
    return true;
  };
}
