import { refinePartyTaxId } from '@origem/contract/schemas/party';
import {
  type PendencyView,
  preRegistrationFields,
  preRegistrationMessages,
} from '@origem/contract/schemas/pre-registrations';
import type { z } from 'zod';
import { partyFieldDefaults } from '../../ui/party-fields';
import { type PdfValue, pdfFileValue } from '../../ui/pdf-file-field';

/**
 * The applicant's form (sign-up and pendency correction): the contract's fields plus the social contract PDF,
 * kept in the browser until the form is sent as multipart.
 */
/** Sign-up: the social contract is required. */
export const signUpSchema = refinePartyTaxId(
  preRegistrationFields.extend({
    social_contract: pdfFileValue.refine(
      (file) => file instanceof File,
      preRegistrationMessages.fileRequired,
    ),
  }),
);
/** Pendency: the stored file stays unless a new one is chosen. */
export const correctionSchema = refinePartyTaxId(
  preRegistrationFields.extend({ social_contract: pdfFileValue }),
);

export type ApplicantValues = z.output<typeof correctionSchema>;

/** Starting values: blank for a sign-up, the stored data for a correction. */
export function applicantDefaults(stored?: PendencyView) {
  return {
    ...partyFieldDefaults(stored),
    profile_type: stored?.profile_type,
    federation_id: stored?.federation_id ?? undefined,
    trade_association_id: stored?.trade_association_id,
    social_contract: undefined as PdfValue,
  };
}

/** The multipart body: text fields as they are (blank for null), the file under `social_contract`. */
export function applicantFormData(values: ApplicantValues, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  const { social_contract: file, ...fields } = values;
  for (const [key, value] of Object.entries({ ...fields, ...extra })) {
    if (value === undefined) continue;
    body.append(key, value === null ? '' : String(value));
  }
  if (file) body.append('social_contract', file, file.name);
  return body;
}
