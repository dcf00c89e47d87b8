import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { confirmDeletion } from '../../ui/confirm-dialog';
import type { PartyKindView } from './party-kind';

/**
 * Asks, deletes, shows the server's success text. Resolves true when deleted. Shared by the list's row action and
 * the form's "Excluir".
 */
export function useRemoveParty(view: PartyKindView, remove: (id: number) => Promise<{ message: string }>) {
  return (party: Pick<PartyRecord, 'id' | 'name'>): Promise<boolean> =>
    confirmDeletion(
      {
        title: `Excluir ${view.the} ${party.name}?`,
        content: 'Os usuários ligados a este cadastro perderão o acesso ao Origem imediatamente.',
      },
      async () => (await remove(party.id)).message,
    );
}
