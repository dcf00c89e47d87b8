import { ErrorCode } from '@origem/contract/errors';
import {
  type Certificate,
  type CertificateAction,
  INVOICE_MAX_AGE_DAYS,
  type TypeAnalysis,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { certificates, mailOutbox } from '../../db/schema';
import { FileChanges } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { countHit } from '../../lib/rate-limit';
import { type FlowRow, transition } from '../../lib/workflow';
import { enqueueMail } from '../../mail/outbox';
import { citableAmong } from '../declarations/queries';
import type { ActionEffect } from '../issuance/service';
import { copyCertificate } from './drafts';
import { type Action, certificateSubject, flow, refusal } from './flow-subject';
import { type CertificateFacts, decisionMail, isDecision, signatureRequestMail } from './mails';
import { assignNumber } from './numbering';
import * as q from './queries';
import { type CertificateRecord, certificateDetail, getCertificate, readCertificate } from './read';

async function factsOf(
  tx: Executor,
  ctx: ServiceContext,
  id: number,
): Promise<CertificateFacts & { emails: string[] }> {
  const [row] = await tx
    .select({
      number: certificates.certificate_number,
      invoice: certificates.invoice_number,
      exporter_id: certificates.exporter_id,
    })
    .from(certificates)
    .where(eqId(id));
  if (!row) throw notFound();
  const { name, emails } = await q.exporterEmails(tx, row.exporter_id);
  return {
    id,
    number: row.number,
    invoice: row.invoice,
    exporterName: name,
    link: `${ctx.appUrl}/certificado-consulta/${id}`,
    emails,
  };
}

const eqId = (id: number) => eq(certificates.id, id);

/** The exporter's mails of a decision (DOMAIN.md §4), queued in the action's transaction: the rows' ids. */
async function decisionMails(tx: Tx, ctx: ServiceContext, id: number, action: Action, note?: string) {
  if (!isDecision(action)) return [];
  const facts = await factsOf(tx, ctx, id);
  const ids: number[] = [];
  for (const to of facts.emails)
    ids.push(await enqueueMail(tx, decisionMail(to, facts, action, note?.trim() || null)));
  return ids;
}

type Answer = { message: string | null; certificate: Certificate; created?: number };

/**
 * One flow action in one transaction: the kernel's transition (lock, state, permission, scope, guard, history, audit)
 * with the action's own writes, the exporter's mails for a decision, and the list's order key moved to now. The
 * transition's status update is the transaction's last statement (lib/workflow.ts): the mails come before it,
 * carrying the placeholder of a number the approval takes there.
 *
 * With a `reader`, answers the certificate as the action left it, as the reader sees it: read before that last
 * statement and completed with the row it wrote. Nothing is read while the rows it locks (the numbering's, the
 * dashboard's counters) are held — in a request with an Idempotency-Key they are held until its answer is stored
 * (lib/request-transaction.ts), so the answer must be ready by then.
 */
async function step(
  db: Database,
  ctx: ServiceContext,
  id: number,
  action: Action,
  effect: ActionEffect = async () => undefined,
  note?: string,
  reader?: Actor,
): Promise<Certificate | null> {
  let record: CertificateRecord | undefined;
  const { written } = await db.transaction((tx) =>
    transition(tx, ctx, certificateSubject, id, action, {
      note,
      effect: async (row) => {
        const { late, ...delta } = (await effect(tx, row)) ?? {};
        const mails = await decisionMails(tx, ctx, id, action, note);
        late?.number?.holds(mailOutbox, [mailOutbox.subject, mailOutbox.text, mailOutbox.html], mails);
        return { ...delta, late: { ...late, set: [sql`last_step_at = now()`, ...(late?.set ?? [])] } };
      },
      beforeLast: async () => {
        if (reader) record = await readCertificate(tx, reader, id);
      },
    }),
  );
  if (!reader || !record) return null;
  const row = q.certificateRowOf(written);
  return certificateDetail(ctx, reader, { ...record, found: { ...record.found, row } });
}

/** What an action answers: the flow's success text and the certificate as the action left it. */
function answer(action: Action, certificate: Certificate | null): Answer {
  if (!certificate) throw notFound();
  return { message: flow.actions[action].success ?? null, certificate };
}

/** A flow action (`step`) answered with the certificate. */
async function act(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
  effect?: ActionEffect,
  note?: string,
): Promise<Answer> {
  return answer(action, await step(db, ctx, id, action, effect, note, actor));
}

/** Whether the row is digital, read inside the action's transaction (which path `send_analysis`/`approve` take). */
async function digitalOf(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ digital: certificates.has_digital_signature })
    .from(certificates)
    .where(and(eqId(id), q.ownerScope(actor)));
  if (!row) throw notFound();
  return row.digital;
}

/**
 * What must hold before the certificate goes to analysis (DOMAIN.md §4): at least one item, every cited declaration
 * still citable, the commercial invoice attached (and the intervenor's when there is an intervenor), and an invoice
 * at most 180 days old.
 */
async function readyToSend(tx: Tx, row: FlowRow): Promise<void> {
  const id = row.id;
  const items = await q.storedItems(tx, id);
  if (items.length === 0) throw refusal(text.itemsRequired);
  const cited = await citableAmong(
    tx,
    Number(row.exporter_id),
    Number(row.deal_id),
    items.map((i) => i.declaration_id),
  );
  if (items.some((item) => !cited.has(item.declaration_id))) throw refusal(text.declarationNotCitable);
  const files = await q.filesOf(tx, id);
  if (!files.has(q.FILE_ROLES.commercial_invoice)) throw refusal(text.commercialInvoiceRequired);
  if (row.company_intervenor_id && !files.has(q.FILE_ROLES.intervenor_invoice)) {
    throw refusal(text.intervenorInvoiceRequired);
  }
  if ((await q.invoiceAge(tx, String(row.invoice_date))) > INVOICE_MAX_AGE_DAYS)
    throw refusal(text.invoiceTooOld);
  await requireNcmDescriptions(tx, id);
}

/** What printing will need, asked for before the step (send, approve): a description for every item's NCM. */
async function requireNcmDescriptions(tx: Tx, id: number): Promise<void> {
  const missing = q.ncmsWithoutDescription(await q.itemsOf(tx, id));
  if (missing.length > 0) throw refusal(text.ncmDescriptionRequired(missing));
}

/**
 * The certificate's legal representative is asked by e-mail to sign it (DOMAIN.md §4), in the action's transaction
 * (the outbox delivers after the commit). Answers the address written to, or null when there is none.
 */
async function askForSignature(tx: Tx, ctx: ServiceContext, id: number): Promise<string | null> {
  const found = await q.findCertificate(tx, id, undefined);
  const to = found?.representative.email;
  if (!found || !to) return null;
  await enqueueMail(tx, signatureRequestMail(to, found.representative.name, await factsOf(tx, ctx, id)));
  return to;
}

/**
 * RASCUNHO or REPROVADO → ENVIADO (paper), or → AGUARDANDO_ASSINATURA (digital: the legal representative is asked by
 * e-mail to sign). A re-sent certificate is free for any analyst to take. Answers the action taken; the bulk send
 * (bulk-send.ts) runs exactly this for each of its certificates, without reading each one back.
 */
export async function sendAnalysisStep(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reader?: Actor,
): Promise<{ action: Action; certificate: Certificate | null }> {
  const digital = await digitalOf(db, actor, id);
  const action = digital ? 'send_for_signature' : 'send_analysis';
  const certificate = await step(
    db,
    ctx,
    id,
    action,
    async (tx, row) => {
      await readyToSend(tx, row);
      if (row.analyst_id !== null) await q.updateCertificate(tx, id, { analyst_id: null });
      if (digital) await askForSignature(tx, ctx, id);
      return row.analyst_id !== null
        ? { old: { analyst_id: row.analyst_id }, new: { analyst_id: null } }
        : undefined;
    },
    undefined,
    reader,
  );
  return { action, certificate };
}

/** POST send_analysis/{id}: the send, answered with the certificate. */
export async function sendAnalysis(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const { action, certificate } = await sendAnalysisStep(db, ctx, actor, id, actor);
  return answer(action, certificate);
}

/** Re-sends of one certificate's signing request within RESEND_WINDOW_MS (a mail box is not a target to flood). */
const RESENDS_PER_WINDOW = 3;
const RESEND_WINDOW_MS = 15 * 60_000;

/**
 * POST send_signature/{id}: a digital certificate still AGUARDANDO_ASSINATURA has its signing request mailed again to
 * the legal representative (a lost or expired mail). The state stays; the history and the audit record the resend.
 * Refused when the representative has no e-mail (send_analysis skips the mail then; a resend has no other point),
 * and with 429 past three re-sends in 15 minutes. The re-send is counted in the action's transaction, after the
 * state and permission checks: a refused request counts nothing, so nobody else can use up the owner's re-sends.
 */
export function sendSignature(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_signature', async (tx) => {
    const { hits } = await countHit(tx, `send_signature:${id}`, RESEND_WINDOW_MS);
    if (hits > RESENDS_PER_WINDOW)
      throw new AppError(429, ErrorCode.RateLimited, text.tooManySignatureRequests);
    const to = await askForSignature(tx, ctx, id);
    if (!to) throw refusal(text.signerWithoutEmail);
    return { new: { signature_request_to: to } };
  });
}

/** `analise` takes the certificate (ENVIADO → EM_ANALISE, the analyst recorded); `consulta` only opens it. */
export async function sendAnalyzing(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  type: TypeAnalysis,
): Promise<CertificateAction> {
  if (type === 'consulta') return { message: null, certificate: await getCertificate(db, ctx, actor, id) };
  return act(db, ctx, actor, id, 'take', async (tx, row) => {
    await q.updateCertificate(tx, id, { analyst_id: actor.id });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: actor.id } };
  });
}

/**
 * EM_ANALISE → EMITIDO (paper: numbered and issued now, valid for the deal's months) or → APROVADO (digital:
 * numbered now, for the entity's signature to issue). The invoice must still be at most 180 days old.
 */
export async function approveCertificate(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const digital = await digitalOf(db, actor, id);
  return act(db, ctx, actor, id, digital ? 'approve_digital' : 'approve', async (tx, row) => {
    if ((await q.invoiceAge(tx, String(row.invoice_date))) > INVOICE_MAX_AGE_DAYS)
      throw refusal(text.invoiceTooOld);
    await requireNcmDescriptions(tx, id);
    const facts = await q.numberingOf(tx, id);
    const { values, late } = await assignNumber(tx, row, facts);
    if (digital) return { new: values, late: { number: late } };
    const issued = q.issuing(facts);
    return { new: { ...values, ...issued.values }, late: { number: late, set: issued.set } };
  });
}

/** EM_ANALISE → REPROVADO with the reasons (one per line in the history; the exporter edits and re-sends). */
export function reproveCertificate(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reasons: string[],
) {
  return act(db, ctx, actor, id, 'reprove', undefined, reasons.join('\n'));
}

export function solicitCancellation(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'solicit_cancellation', undefined, reason);
}

export function sendCancellation(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_cancellation');
}

export function reproveCancellation(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reprove_cancellation', undefined, reason);
}

/** EMITIDO → SUBSTITUICAO_SOLICITADA with the reason and the substitution letter (PDF). */
export async function solicitSubstitution(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
  letter: ReceivedFile | undefined,
) {
  if (!letter) throw invalid({ file: [text.letterRequired] }, text.letterRequired);
  let result: Awaited<ReturnType<typeof act>> | undefined;
  await new FileChanges(files).run(async (changes) => {
    result = await act(
      db,
      ctx,
      actor,
      id,
      'solicit_substitution',
      async (tx) => {
        const stored = await changes.attach(
          tx,
          letter,
          q.certificateOwner(id),
          actor.id,
          q.FILE_ROLES.substitution,
        );
        return { new: { substitution_letter: stored.original_name } };
      },
      reason,
    );
  });
  return result as Awaited<ReturnType<typeof act>>;
}

/**
 * SUBSTITUICAO_SOLICITADA → SUBSTITUIDO: a new RASCUNHO copy replaces the original, keeping its number's base with
 * the rectification counter plus one (DOMAIN.md §4). Answers the original, naming the substitute.
 */
export async function sendSubstitution(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  let substitute = 0;
  const result = await act(db, ctx, actor, id, 'send_substitution', async (tx) => {
    const source = await q.lockCertificate(tx, id, undefined);
    if (!source) throw notFound();
    if (source.rectification >= 99) throw refusal('Este certificado já atingiu o limite de retificações.');
    substitute = await copyCertificate(
      tx,
      ctx,
      actor,
      source,
      { replaces_id: id, number_base: source.number_base, rectification: source.rectification + 1 },
      text.substituteOf(id),
    );
    return { new: { replaced_by_id: substitute } };
  });
  return { ...result, created: substitute };
}

export function reproveSubstitution(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reprove_substitution', undefined, reason);
}
