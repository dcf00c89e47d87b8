import { ErrorCode } from '@origem/contract/errors';
import { certificateFlow, refusalMessage } from '@origem/contract/flows';
import {
  type CertificateAction,
  certificateMessages,
  certificateVerificationPath,
} from '@origem/contract/schemas/certificates';
import type { SignatureEvidence } from '@origem/contract/schemas/document-verification';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor, Tx } from '../../db/client';
import { certificateCods, certificates, users } from '../../db/schema';
import { SignatureRefused } from '../../documents/signing/errors';
import { loadSigning } from '../../documents/signing/load';
import type { CodTarget } from '../../documents/signing/xmldsig';
import {
  buildCod,
  CodDataError,
  type CodInput,
  type CodProfile,
  certifyCod,
  codVersionOf,
} from '../../documents/xml/cod';
import { assertCodSchema, CodSchemaRefused } from '../../documents/xml/cod-validation';
import { type Actor, type ServiceContext, systemContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { transition } from '../../lib/workflow';
import { codTargetFor } from '../deals/cod-settings';
import type { A1Upload } from '../issuance/a1-upload';
import {
  type EvidenceCompletion,
  evidenceSummary,
  findEvidence,
  openEvidence,
  signerEvidence,
  timestampReplyOf,
} from '../signatures/evidence';
import { settleEvidence } from '../signatures/timestamp-job';
import { trustList } from '../signatures/trust';
import { certificateSubject } from './flow-subject';
import * as q from './queries';
import { getCertificate } from './read';

/**
 * The COD of a digital certificate and its two signatures (DOMAIN.md §5): the exporter's legal representative
 * over `#COD` (AGUARDANDO_ASSINATURA → ENVIADO), the entity's official over `#CODEH` after `EH` and
 * `CertificationEH` are filled (APROVADO → EMITIDO). A1: the PKCS#12 and its password live only in this request's
 * memory. A3: the signer program signs on the token and posts the document back (modules/signer). Every signature
 * is verified as a customs office would before anything changes; a refusal is a 422 in Portuguese and changes
 * nothing.
 */

const refuse = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);

/** Refusals of the signing libraries become the 422 the signer reads. */
export async function asRefusal<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // A schema refusal names each field (errors['cod.<Element>']) besides the message.
    if (err instanceof CodSchemaRefused) {
      throw new AppError(422, ErrorCode.FlowActionRefused, err.message, err.fields);
    }
    if (err instanceof SignatureRefused || err instanceof CodDataError) throw refuse(err.message);
    throw err;
  }
}

const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');

/**
 * The certificate's facts as the COD carries them, declared at `declaredAt`, and the form and version the deal's
 * settings give on that day (a refusal when the deal exchanges no COD for these goods).
 */
async function codInputOf(
  db: Executor,
  found: q.DetailRow,
  declaredAt: Date,
): Promise<{ input: CodInput; target: CodProfile }> {
  const items = await q.itemsOf(db, found.row.id);
  const { exporter, importer, intervenor, deal } = found;
  const target = codTargetFor(
    deal,
    items.map((item) => item.ncm),
    declaredAt,
  );
  const input: CodInput = {
    agreement: { name: deal.name, acronym: deal.aladi_acronym ?? '' },
    exporter: {
      country: 'BR',
      name: exporter.name,
      address: join([exporter.address, exporter.number].filter(Boolean).join(', '), exporter.neighborhood),
      city: exporter.city,
      phone: exporter.phone,
      email: exporter.email,
    },
    importer: {
      country: importer.country_code ?? '',
      name: importer.corporate_name,
      address: join([importer.address, importer.number].filter(Boolean).join(', ')) || '-',
      city: importer.city,
    },
    consignee: null,
    subscriber: found.representative.name,
    invoice: { number: found.row.invoice_number, date: String(found.row.invoice_date) },
    items: items.map((item) => ({
      ncm: item.ncm,
      name: item.description,
      quantity: String(item.quantity),
      unit: item.unit_code ?? 'UN',
      value: String(item.fob_value_usd),
      originRule: item.origin_criterion,
      declarationDate: item.declaration_approved_at,
      declarationNumber: item.declaration_id,
    })),
    transport: {
      port: found.port_name ?? '-',
      means: found.transport_name ?? '-',
      destination: importer.country_code ?? '',
    },
    comments: join(
      found.row.observations,
      intervenor?.corporate_name ? `Interveniente: ${intervenor.corporate_name}` : null,
    ),
    currency: found.currency_code,
    affidavit: `Declaramos que as mercadorias descritas neste certificado são originárias do Brasil e cumprem o regime de origem do ${deal.abbreviation} (${deal.name}).`,
    declaredAt,
  };
  return { input, target };
}

/** The unsigned COD declared at `at`, checked against its version's schema before anyone may sign it. */
async function unsignedCod(db: Executor, found: q.DetailRow, at: Date): Promise<string> {
  const { input, target } = await codInputOf(db, found, at);
  const xml = buildCod(input, target);
  await assertCodSchema(xml, target.version, 'unsigned');
  return xml;
}

async function storedCod(db: Executor, id: number) {
  const [row] = await db.select().from(certificateCods).where(eq(certificateCods.certificate_id, id));
  return row ?? null;
}

/** GET xml/download/{id}: the COD as signed so far, or (before any signature) the unsigned document. */
export async function codXml(db: Database, actor: Actor, id: number): Promise<string> {
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  if (!found) throw notFound();
  const stored = await storedCod(db, id);
  if (stored) return stored.xml;
  return asRefusal(() => unsignedCod(db, found, new Date()));
}

/** GET xml/timestamp/{id}: the timestamp reply of the COD's evidence (the bytes GET xml/download serves). */
export async function codTimestampReply(db: Database, actor: Actor, id: number): Promise<Buffer> {
  if (!(await q.findCertificate(db, id, q.ownerScope(actor)))) throw notFound();
  return timestampReplyOf(db, { type: 'certificate', id });
}

/** GET evidence/{id}: the COD's evidence as the detail screen shows it. */
export async function codEvidence(db: Database, actor: Actor, id: number): Promise<SignatureEvidence> {
  if (!(await q.findCertificate(db, id, q.ownerScope(actor)))) throw notFound();
  return evidenceSummary(await findEvidence(db, { type: 'certificate', id }));
}

/** GET verification/{code}/evidence: the same for the public verification page (no sign-in). */
export async function publicEvidence(db: Database, code: string): Promise<SignatureEvidence> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.verification_code, code));
  if (!row) throw new AppError(404, ErrorCode.NotFound, certificateMessages.verificationNotFound);
  return evidenceSummary(await findEvidence(db, { type: 'certificate', id: row.id }));
}

/** The two signatures of a COD: which flow action each takes, what it covers and whose CPF it must carry. */
export type SignatureStage = 'first' | 'second';
const stages = {
  first: { action: 'first_signature', target: 'COD', who: 'do responsável legal' },
  second: { action: 'second_signature', target: 'CODEH', who: 'do usuário que assina pela entidade' },
} as const satisfies Record<SignatureStage, { action: string; target: CodTarget; who: string }>;

export const stageTarget = (stage: SignatureStage): CodTarget => stages[stage].target;
/** How refusals name the stage's signer ("do responsável legal"). */
export const stageSigner = (stage: SignatureStage): string => stages[stage].who;

/**
 * The document a stage signs, as of `at`: the COD declared now (first), or the exporter's signed COD with `EH` and
 * `CertificationEH` filled (second; issued now, so CertificationEH carries this moment).
 */
async function documentToSign(
  db: Executor,
  ctx: ServiceContext,
  stage: SignatureStage,
  found: q.DetailRow,
  at: Date,
): Promise<string> {
  if (stage === 'first') return unsignedCod(db, found, at);
  const stored = await storedCod(db, found.row.id);
  if (stored?.stage !== 'exporter_signed') {
    throw new SignatureRefused('O certificado não tem o XML assinado pelo exportador.');
  }
  // In the version and form the exporter signed, whatever the deal's settings say today.
  const certified = certifyCod(stored.xml, {
    ehid: (found.association.ehid ?? '').toUpperCase(),
    name: found.association.name,
    address: join([found.association.address, found.association.number].filter(Boolean).join(', ')) || '-',
    city: found.association.city,
    phone: found.association.phone,
    email: found.association.email,
    url: `${ctx.appUrl}${certificateVerificationPath(found.row.verification_code)}`,
    controlCode: found.row.association_certification_id,
    certifiedAt: at,
    certificateId: found.row.certificate_number ?? '',
  });
  await assertCodSchema(certified, codVersionOf(certified), 'certified');
  return certified;
}

/** Who must sign at the stage: the certificate's legal representative, or the official signing (the actor). */
async function signerOnRecord(
  db: Executor,
  stage: SignatureStage,
  found: q.DetailRow,
  actor: Actor,
): Promise<{ name: string; cpf: string | null }> {
  if (stage === 'first') return { name: found.representative.name, cpf: found.representative.cpf };
  const [official] = await db
    .select({ name: users.name, cpf: users.cpf })
    .from(users)
    .where(eq(users.id, actor.id));
  return { name: official?.name ?? actor.name, cpf: official?.cpf ?? null };
}

/** How a signature reached the server, for its audit row. */
export type SignatureMethod = 'a1' | 'a3' | 'cloud';

/**
 * Verifies a signed COD received for the stage and stores it: the transition's effect, returning the audit delta.
 * Every signer's certificate is checked for revocation at `at` (issue 37). The second signature completes the COD
 * and opens its evidence record (both signers' chains and answers at CertificationEH's date); the certificate then
 * waits for the time-stamping authority (AGUARDANDO_CARIMBO) and is issued by `issueTimestamped`.
 */
async function acceptSigned(
  tx: Tx,
  config: Config,
  stage: SignatureStage,
  found: q.DetailRow,
  actor: Actor,
  xml: string,
  at: Date,
  method: SignatureMethod,
) {
  const id = found.row.id;
  const { target, who } = stages[stage];
  const { cpf } = await signerOnRecord(tx, stage, found, actor);
  const { signer, evidence } = await asRefusal(async () => {
    const { parseCod, verifyCodSignature } = await loadSigning();
    // Parsed once for both signatures. The exporter's must survive the second one: CODEH covers it.
    const doc = parseCod(xml);
    const exporter =
      stage === 'second'
        ? await signerEvidence(tx, config, verifyCodSignature(xml, 'COD', doc), {
            at,
            role: 'exporter',
            who: stages.first.who,
          })
        : null;
    const received = await verifyReceived(config, xml, doc, target, at, cpf, who);
    const own = await signerEvidence(tx, config, received.pem, {
      at,
      role: stage === 'first' ? 'exporter' : 'entity',
      who,
    });
    // The signed document passes its stage's schema too before it is kept.
    await assertCodSchema(xml, codVersionOf(xml), stage === 'first' ? 'exporter_signed' : 'complete');
    return { signer: received.signer, evidence: exporter ? [exporter, own] : [own] };
  });
  if (stage === 'first') {
    await tx.insert(certificateCods).values({
      certificate_id: id,
      stage: 'exporter_signed',
      xml,
      exporter_signer: signer,
      exporter_signed_at: at,
    });
    return { new: { cod: 'exporter_signed', exporter_signer: signer, signed_with: method } };
  }
  await tx
    .update(certificateCods)
    .set({ stage: 'complete', xml, entity_signer: signer, entity_signed_at: at })
    .where(eq(certificateCods.certificate_id, id));
  // The evidence dates the exact bytes GET xml/download serves; the certificate is issued when it is complete.
  await openEvidence(tx, { type: 'certificate', id }, Buffer.from(xml, 'utf8'), at, evidence);
  return { new: { cod: 'complete', entity_signer: signer, signed_with: method, evidence: 'pending' } };
}

/** The evidence record complete: the certificate is issued (AGUARDANDO_CARIMBO → EMITIDO), valid for the deal's months. */
export const issueTimestamped: EvidenceCompletion = async (tx, record) => {
  await transition(
    tx,
    systemContext('signature_timestamp'),
    certificateSubject,
    record.id,
    'timestamp_issue',
    {
      effect: async () => {
        const issued = q.issuing(await q.numberingOf(tx, record.id));
        return { new: issued.values, late: { set: issued.set } };
      },
    },
  );
};

const AWAITING_TIMESTAMP =
  'Certificado assinado pela entidade. Aguardando o carimbo do tempo: a emissão será concluída automaticamente assim que a autoridade responder.';

/**
 * Takes the stage's action on the locked certificate: `signed` produces the signed XML (A1: signs here; A3: the
 * document the signer program posted), which is verified and stored before the status moves. One transaction.
 */
async function signStage(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
  method: SignatureMethod,
  signed: (tx: Tx, found: q.DetailRow, at: Date) => Promise<string>,
): Promise<CertificateAction> {
  const { action } = stages[stage];
  await db.transaction(async (tx) => {
    await transition(tx, ctx, certificateSubject, id, action, {
      effect: async () => {
        const found = await q.findCertificate(tx, id, undefined);
        if (!found) throw notFound();
        const at = new Date();
        const xml = await asRefusal(() => signed(tx, found, at));
        return acceptSigned(tx, config, stage, found, actor, xml, at, method);
      },
    });
  });
  // After the commit, outside any transaction: the authority's answer (or its silence, up to TSA_TIMEOUT_MS).
  const issued =
    stage === 'first' ||
    (await settleEvidence(db, config, { type: 'certificate', id }, issueTimestamped)) === 'complete';
  return {
    message: issued ? (certificateFlow.actions[action].success ?? null) : AWAITING_TIMESTAMP,
    certificate: await getCertificate(db, ctx, actor, id),
  };
}

/**
 * POST first/signature/xml/a1/{id} (the legal representative over `#COD`: AGUARDANDO_ASSINATURA → ENVIADO) and
 * second/signature/xml/a1/{id} (the entity's official, by the signed-in user's CPF, over `#CODEH`: APROVADO →
 * EMITIDO, issued now, valid for the deal's months).
 */
export function signA1(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
  upload: A1Upload,
): Promise<CertificateAction> {
  return signStage(db, config, ctx, actor, id, stage, 'a1', async (tx, found, at) => {
    const { openPkcs12, signCod } = await loadSigning();
    const identity = openPkcs12(upload.pkcs12, upload.password);
    const xml = await documentToSign(tx, ctx, stage, found, at);
    return signCod(xml, stages[stage].target, identity.privateKeyPem, identity.certificatePem);
  });
}

/** A document handed out to be signed elsewhere, and who must sign it. */
export type HandedOut = {
  document: string;
  signer: { name: string; cpf: string | null };
  /** "do responsável legal", "do usuário que assina pela entidade": how refusals name the signer. */
  who: string;
};

/**
 * The document of a signature made outside this request (A3: the signer program; cloud: a provider), refused as the
 * transition would refuse it now (scope, permission, state), so nothing is handed out for a signature that cannot
 * happen; with who must sign it.
 */
export async function handOut(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
): Promise<HandedOut> {
  const { action, who } = stages[stage];
  const certificate = await getCertificate(db, ctx, actor, id);
  if (!certificate.actions.includes(action)) {
    throw refuse(refusalMessage(certificateFlow, action, certificate.status));
  }
  const found = await q.findCertificate(db, id, undefined);
  if (!found) throw notFound();
  const document = await asRefusal(() => documentToSign(db, ctx, stage, found, new Date()));
  return { document, signer: await signerOnRecord(db, stage, found, actor), who };
}

/** A3, first half (GET …/signature/a3/{id}): the document to hand the signer program. */
export async function a3Document(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
): Promise<string> {
  return (await handOut(db, ctx, actor, id, stage)).document;
}

/**
 * The second half of a signature made elsewhere (A3: what the signer program posted; cloud: what the server
 * assembled with the provider's value): it must be exactly the document handed out plus the stage's signature; then
 * it is verified and stored as an A1 signature is. `consume` spends the one-time code or attempt in the same
 * transaction, so a refusal leaves a code usable and a success cannot be replayed.
 */
export function acceptHandedOut(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
  method: Exclude<SignatureMethod, 'a1'>,
  handedOut: string,
  signed: string,
  consume: (tx: Tx) => Promise<void>,
): Promise<CertificateAction> {
  return signStage(db, config, ctx, actor, id, stage, method, async (tx) => {
    const { isIssuedPlusSignature } = await loadSigning();
    if (!isIssuedPlusSignature(signed, handedOut, stages[stage].target)) {
      throw new SignatureRefused(
        'O XML assinado não corresponde ao documento entregue ao assinador: gere um novo código e assine novamente.',
      );
    }
    await consume(tx);
    return signed;
  });
}

/** What every received signature goes through: the signature itself, then the signer's certificate. */
async function verifyReceived(
  config: Config,
  xml: string,
  doc: Document,
  target: CodTarget,
  at: Date,
  cpf: string | null,
  who: string,
): Promise<{ signer: string; pem: string }> {
  const { checkSigner, verifyCodSignature } = await loadSigning();
  const pem = verifyCodSignature(xml, target, doc);
  if (!cpf) throw new SignatureRefused(`O CPF ${who} não está cadastrado.`);
  const facts = checkSigner(pem, { trust: await trustList(config), at, cpf, who });
  return { signer: facts.commonName.slice(0, 255), pem };
}
