import { z } from 'zod';
import { optionalId, optionalText } from '../paging';
import type { PartyKindMessages } from './party-records';

/** Dispatchers (SPEC §7 Dispatcher): the shared party schemas (party-records.ts) and the dispatcher's own texts. */

export const dispatcherMessages = {
  created: 'Despachante cadastrado com sucesso!',
  updated: 'Despachante editado com sucesso!',
  deleted: 'Despachante excluído com sucesso!',
  cpfTaken: 'Já existe um despachante com este CPF.',
  cnpjTaken: 'Já existe um despachante com este CNPJ.',
} as const satisfies PartyKindMessages;

/** GET /v1/dispatcher/all_not_bind?dispatcher_id&name: the exporters with no active link to that dispatcher. */
export const dispatcherNotBoundQuery = z.object({
  dispatcher_id: optionalId,
  /** A type-ahead search: part of the name, trade name or CPF/CNPJ; the first TYPE_AHEAD_SIZE answer. */
  name: optionalText,
});
