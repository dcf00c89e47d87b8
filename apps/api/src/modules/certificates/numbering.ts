import { certificateMessages as text } from '@origem/contract/schemas/certificates';
import type { Tx } from '../../db/client';
import { nextNumber } from '../../lib/sequences';
import type { FlowRow } from '../../lib/workflow';
import { refusal } from './flow-subject';
import * as q from './queries';

/**
 * The CertificateID (DOMAIN.md §4): BR + EHId + agreement acronym + two-digit year + 8-digit sequence per
 * entity/agreement/year (the numbering kernel, in this transaction) + the two-digit rectification counter. A
 * substitute already carries its original's base.
 */
export async function assignNumber(
  tx: Tx,
  row: FlowRow,
): Promise<{ number_base: string; certificate_number: string }> {
  const id = row.id;
  let base = (row.number_base as string | null) ?? null;
  const facts = await q.numberingOf(tx, id);
  if (!base) {
    if (!facts.ehid || !facts.acronym) throw refusal(text.numberingUnavailable);
    const ehid = facts.ehid.toUpperCase();
    const acronym = facts.acronym.toUpperCase();
    const sequence = await nextNumber(tx, `certificate:${ehid}:${acronym}:${facts.year}`);
    base = `BR${ehid}${acronym}${facts.year}${String(sequence).padStart(8, '0')}`;
  }
  const number = `${base}${String(Number(row.rectification ?? 0)).padStart(2, '0')}`;
  await q.updateCertificate(tx, id, { number_base: base, certificate_number: number });
  return { number_base: base, certificate_number: number };
}
