import { z } from 'zod';
import { optionalId, optionalText } from '../paging';
import type { PartyKindMessages } from './party-records';

/** Exporters (SPEC §7 Exporter): the shared party schemas (party-records.ts) and the exporter's own texts. */

export const exporterMessages = {
  created: 'Exportador cadastrado com sucesso!',
  updated: 'Exportador editado com sucesso!',
  deleted: 'Exportador excluído com sucesso!',
  cpfTaken: 'Já existe um exportador com este CPF.',
  cnpjTaken: 'Já existe um exportador com este CNPJ.',
} as const satisfies PartyKindMessages;

/** GET /v1/exporter/all_not_bind?exporter_id&name: the dispatchers with no active link to that exporter. */
export const exporterNotBoundQuery = z.object({
  exporter_id: optionalId,
  /** A type-ahead search: part of the name, trade name or CPF/CNPJ; the first TYPE_AHEAD_SIZE answer. */
  name: optionalText,
});
