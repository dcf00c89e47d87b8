import { flag } from '@origem/contract/schemas/entities';
import { partyInputFields, refinePartyTaxId } from '@origem/contract/schemas/party';
import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { z } from 'zod';
import { partyFieldDefaults } from '../../ui/party-fields';
import { pdfFileValue } from '../../ui/pdf-file-field';

/** The exporter/dispatcher form: the contract's party fields plus the social contract file the screen holds. */
export const partyFormSchema = refinePartyTaxId(
  z.object({
    ...partyInputFields,
    associated: flag,
    social_contract: pdfFileValue,
  }),
);
export type PartyFormValues = z.input<typeof partyFormSchema>;
export type PartyFormOutput = z.output<typeof partyFormSchema>;

export function partyDefaults(
  party: PartyRecord | undefined,
  ownAssociationId: number | null,
): PartyFormValues {
  return {
    ...partyFieldDefaults(party),
    trade_association_id: party?.trade_association_id ?? ownAssociationId ?? undefined,
    associated: party?.associated ?? false,
    social_contract: undefined,
  } as PartyFormValues;
}

/** The multipart body: text fields as text (blank for none), the file under `social_contract`. */
export function partyFormData({ social_contract, ...values }: PartyFormOutput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    body.append(key, value === null ? '' : String(value));
  }
  if (social_contract instanceof File) body.append('social_contract', social_contract, social_contract.name);
  else if (social_contract === null) body.append('remove_social_contract', 'true');
  return body;
}
