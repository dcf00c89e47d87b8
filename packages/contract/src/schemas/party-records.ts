import { z } from 'zod';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import { flag } from './entities';
import { storedFileInfoSchema } from './files';
import { partyInputFields, partyOutputFields, refinePartyTaxId } from './party';

/**
 * Exporters and dispatchers are the same kind of record (SPEC §7 Exporter, Dispatcher; DOMAIN.md §1): a party of
 * one association, `associated` when a member, with an optional social contract (PDF). The schemas they share;
 * `exporters.ts` and `dispatchers.ts` name them and hold each one's Portuguese texts.
 */

export type PartyKind = 'exporter' | 'dispatcher';

/** The create and edit form (multipart, or JSON without a file). */
export const partyRecordInputSchema = refinePartyTaxId(
  z.object({
    ...partyInputFields,
    associated: flag,
    /** Removes the current social contract (ignored when a new `social_contract` file comes with the form). */
    remove_social_contract: flag,
  }),
);
export type PartyRecordInput = z.infer<typeof partyRecordInputSchema>;

/** `?associated=true|false`; anything else means "no filter". */
const associatedFilter = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}, z.boolean().optional());

/** GET /v1/exporter and /v1/dispatcher (default order: name ascending, SPEC §9). */
export const partyListQuery = pageQuery.extend({
  name: optionalText,
  cpf: optionalText,
  cnpj: optionalText,
  trade_association_id: optionalId,
  associated: associatedFilter,
});
export type PartyListQuery = z.infer<typeof partyListQuery>;

/** …/with_trashed: the same list with the deleted ones, and `user_id` for the party of one user (SPEC §6). */
export const partyTrashedQuery = partyListQuery.extend({ user_id: optionalId });
export type PartyTrashedQuery = z.infer<typeof partyTrashedQuery>;

export const partyRecordSchema = z.object({
  ...partyOutputFields,
  associated: z.boolean(),
  trade_association: z.object({ id: z.number(), name: z.string(), abbreviation: z.string().nullable() }),
  /** Download from GET …/social_contract/{id}. */
  social_contract: storedFileInfoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on soft-deleted records (only …/with_trashed shows them). */
  deleted_at: z.string().nullable(),
});
export type PartyRecord = z.infer<typeof partyRecordSchema>;
export const partyRecordPageSchema = paginated(partyRecordSchema);

/** …/all, …/all_not_bind and /v2/exporter/all_by_id_v2: enough for a select. */
export const partyOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  trade_association_id: z.number(),
});
export type PartyOption = z.infer<typeof partyOptionSchema>;

export const personTypeSchema = z.object({ id: z.number(), name: z.string() });

/** The texts each kind fills in (exporters.ts, dispatchers.ts). */
export type PartyKindMessages = {
  created: string;
  updated: string;
  deleted: string;
  cpfTaken: string;
  cnpjTaken: string;
};

/** The list screens' URL: the API filters plus the "Mostrar excluídos" toggle (which calls …/with_trashed). */
export const partyListSearch = partyListQuery.extend({
  excluidos: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).catch(false),
});
export type PartyListSearch = z.infer<typeof partyListSearch>;
