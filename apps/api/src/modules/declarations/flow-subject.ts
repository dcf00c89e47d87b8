import { type ActionOf, declarationFlow, type StateOf } from '@origem/contract/flows';
import { type DeclarationStatus, declarationMessages as text } from '@origem/contract/schemas/declarations';
import { declarations } from '../../db/schema';
import type { FlowSubject } from '../../lib/workflow';
import { queueCopies } from '../issuance/issued-copy';
import { takenByOther } from '../issuance/service';
import { declarationCopies } from './copy-policy';
import * as q from './queries';

export const flow = declarationFlow;
export type Action = ActionOf<typeof flow>;
export const APPROVED: DeclarationStatus = flow.actions.approve_delivery.to;
const IN_ANALYSIS: DeclarationStatus = flow.actions.take.to;

/**
 * Whether `print-signed` has a PDF to seal (signatures.ts): the declaration was approved by its representative's
 * digital signature (A1 or A3), i.e. it is Aprovada and signed.
 */
export const hasSignedPdf = (row: { status: string; signed_at: Date | null }) =>
  row.status === APPROVED && row.signed_at !== null;
/** The legal representative's signed XML (signatures.ts) is the declaration's file under this role. */
export const SIGNED_XML_ROLE = 'signed_xml';

/** Taking a declaration locks it to the analyst; an administrator may step in. */
const takenByActor = takenByOther(IN_ANALYSIS, text.takenByOther);

/** The declaration under the kernel's flow (DOMAIN.md §3): acted on within the owner scope of lib/scope.ts. */
export const declarationSubject: FlowSubject<StateOf<typeof flow>, Action> = {
  flow,
  table: declarations,
  auditType: q.AUDIT_TYPE,
  scope: (actor) => q.ownerScope(actor) ?? null,
  guards: {
    approve_delivery: takenByActor,
    reject: takenByActor,
    // The signatures issue (14) verifies and stores the legal representative's A1/A3 signature.
    digitally_signed: (row, actor) =>
      takenByActor(row, actor) ?? (row.signed_at ? null : text.signatureRequired),
  },
  // Approved: its PDFs are rendered once, after the commit (copy-policy.ts).
  entered: (tx, id, to) => queueCopies(tx, declarationCopies, id, to),
};
