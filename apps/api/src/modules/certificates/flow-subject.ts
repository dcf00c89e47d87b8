import { ErrorCode } from '@origem/contract/errors';
import { type ActionOf, certificateFlow, type StateOf } from '@origem/contract/flows';
import { type CertificateStatus, certificateMessages as text } from '@origem/contract/schemas/certificates';
import { certificates } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FlowRow, FlowSubject } from '../../lib/workflow';
import { queueCopies } from '../issuance/issued-copy';
import { takenByOther } from '../issuance/service';
import { certificateCopies } from './issued-copies';
import * as q from './queries';

export const flow = certificateFlow;
export type Action = ActionOf<typeof flow>;
const IN_ANALYSIS: CertificateStatus = flow.actions.take.to;

/** A flow action refused by one of the certificate's rules (422 with the rule's text). */
export const refusal = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);
const isDigital = (row: FlowRow) => row.has_digital_signature === true;

/** Taking a certificate locks it to the analyst; an administrator may step in. */
const takenByActor = takenByOther(IN_ANALYSIS, text.takenByOther);

const PAPER_ONLY = 'Esta ação é do certificado em papel; este certificado tem assinatura digital.';
const DIGITAL_ONLY = 'Esta ação é do certificado com assinatura digital; este certificado é em papel.';

/**
 * The certificate under the kernel's flow (DOMAIN.md §4), acted on within the owner scope of lib/scope.ts. The
 * paper and digital paths share their routes (`send_analysis`, `approve`): the guards keep each certificate on its
 * own path, so `actions` lists exactly the one that applies.
 */
export const certificateSubject: FlowSubject<StateOf<typeof flow>, Action> = {
  flow,
  table: certificates,
  auditType: q.AUDIT_TYPE,
  scope: (actor) => q.ownerScope(actor) ?? null,
  guards: {
    send_analysis: (row) => (isDigital(row) ? PAPER_ONLY : null),
    send_for_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    send_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    // Taken only through the signature routes (signatures.ts), which verify the signature inside the transition.
    first_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    second_signature: (row) => (isDigital(row) ? null : DIGITAL_ONLY),
    approve: (row, actor) => (isDigital(row) ? PAPER_ONLY : takenByActor(row, actor)),
    approve_digital: (row, actor) => (isDigital(row) ? takenByActor(row, actor) : DIGITAL_ONLY),
    reprove: takenByActor,
  },
  // Issued, cancelled or replaced: its PDFs are rendered once, after the commit (issued-copies.ts).
  entered: (tx, id, to) => queueCopies(tx, certificateCopies, id, to),
};
