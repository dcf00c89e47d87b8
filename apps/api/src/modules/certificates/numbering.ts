import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import type { Tx } from '../../db/client';
import { certificates } from '../../db/schema';
import { LateNumber } from '../../lib/sequences';
import type { FlowRow } from '../../lib/workflow';
import { refusal } from './flow-subject';
import * as q from './queries';

type Numbering = Awaited<ReturnType<typeof q.numberingOf>>;

/**
 * The CertificateID (DOMAIN.md §4): BR + EHId + agreement acronym + two-digit year + 8-digit sequence per
 * entity/agreement/year + the two-digit rectification counter. A substitute already carries its original's base.
 *
 * A new base's sequence number is taken by the approval's last statement (lib/sequences.ts `LateNumber`, which the
 * transition takes with the status): until then the certificate, its audit row, its mails and its webhooks' payloads
 * carry the placeholder, which that statement replaces. Answers the values as the audit row records them, and the
 * number to take (none for a substitute).
 */
export async function assignNumber(
  tx: Tx,
  row: FlowRow,
  facts: Numbering,
): Promise<{ values: { number_base: string; certificate_number: string }; late?: LateNumber }> {
  const id = row.id;
  let base = (row.number_base as string | null) ?? null;
  let late: LateNumber | undefined;
  if (!base) {
    if (!facts.ehid || !facts.acronym) throw refusal(text.numberingUnavailable);
    const ehid = facts.ehid.toUpperCase();
    const acronym = facts.acronym.toUpperCase();
    late = new LateNumber(
      `certificate:${ehid}:${acronym}:${facts.year}`,
      `BR${ehid}${acronym}${facts.year}`,
      id,
    );
    late.holds(certificates, [certificates.number_base, certificates.certificate_number], [id]);
    base = late.placeholder;
  }
  const number = `${base}${String(Number(row.rectification ?? 0)).padStart(2, '0')}`;
  await q.updateCertificate(tx, id, { number_base: base, certificate_number: number });
  return { values: { number_base: base, certificate_number: number }, late };
}
