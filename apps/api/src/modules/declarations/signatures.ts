import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode } from '@origem/contract/errors';
import { declarationFlow, stateLabel } from '@origem/contract/flows';
import {
  type DeclarationAction,
  type DeclarationStatus,
  declarationPdfName,
  declarationXmlName,
  SIGNABLE_DECLARATION_STATES,
  declarationMessages as text,
} from '@origem/contract/schemas/declarations';
import type { Config } from '../../config';
import type { Database, Executor, Tx } from '../../db/client';
import type { Printed } from '../../documents/pdf/send';
import { SignatureRefused } from '../../documents/signing/errors';
import { loadSigning } from '../../documents/signing/load';
import { buildDeclarationXml, DECLARATION_PART } from '../../documents/xml/declaration';
import { FileChanges, type StoredFile } from '../../files/records';
import { MIME } from '../../files/sniff';
import { type FileStorage, newStorageKey } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { asRefusal } from '../certificates/signatures';
import type { A1Upload } from '../issuance/a1-upload';
import { sealedPdf } from '../issuance/documents';
import { printCopy } from '../issuance/issued-copy';
import { fileOfRecord } from '../issuance/service';
import {
  type EvidenceCompletion,
  openEvidence,
  signerEvidence,
  timestampReplyOf,
} from '../signatures/evidence';
import { settleEvidence } from '../signatures/timestamp-job';
import { trustList } from '../signatures/trust';
import { declarationCopies } from './copy-policy';
import { declarationDocument } from './documents';
import { hasSignedPdf, SIGNED_XML_ROLE } from './flow-subject';
import * as q from './queries';
import { getDeclaration } from './read';

/**
 * The legal representative's A1, A3 or cloud signature of a declaration (DOMAIN.md §3, §5): an enveloped XMLDSig over the
 * declaration's facts as XML (documents/xml/declaration.ts), taken while the declaration is sent and its content
 * frozen (ENVIADA or EM_ANALISE); A3 through the signer program (modules/signer). The server verifies it like the COD's (digest, value, validity, ICP-Brasil chain,
 * the representative's CPF), stores the signed XML as the declaration's file and records who signed and when; the
 * analyst then approves by it (`digitally_signed`, whose guard asks for `signed_at`). A rejection drops it. An A1's
 * PKCS#12 and its password live only in this request's memory.
 */

const refuse = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);

/** Writes the XML the server made to the file storage, as a received file for FileChanges to own or drop. */
async function storeXml(files: FileStorage, xml: string, name: string): Promise<ReceivedFile> {
  const bytes = Buffer.from(xml, 'utf8');
  const key = newStorageKey();
  await files.write(key, Readable.from([bytes]));
  return {
    key,
    originalName: name,
    mime: MIME.xml,
    kind: 'xml',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The declaration's facts, read in the signing transaction, as the XML the representative signs at `at`. */
async function declarationXml(tx: Executor, found: q.DetailRow, at: Date): Promise<string> {
  const { row } = found;
  const materials = await q.materialsOf(tx, row.id);
  return buildDeclarationXml({
    id: row.id,
    association: found.association_name,
    exporter: { name: found.owner.name, taxId: found.owner.cnpj ?? found.owner.cpf },
    manufacturer: { name: found.company.corporate_name, cnpj: found.company.cnpj },
    representative: { name: found.representative.name, cpf: found.representative.cpf },
    deal: { abbreviation: found.deal.abbreviation, name: found.deal.name },
    product: {
      name: row.product_name,
      internalCode: row.internal_product_code,
      ncm: row.ncm,
      nomenclatureCode: row.nomenclature_code,
    },
    productionProcess: row.production_process,
    fobUnitValue: { min: row.fob_unit_value_min, max: row.fob_unit_value_max },
    originRule: found.rule.code,
    originNorm: found.norm.name,
    materials: materials.map((m) => ({
      position: m.position,
      ncm: m.ncm,
      description: m.description,
      country: m.country_code,
      cifValueUsd: m.cif_value_usd,
      fobSharePercent: m.fob_share_percent,
    })),
    signedAt: at,
  });
}

/**
 * What every received signature of a declaration goes through, A1 or A3: the enveloped signature over
 * `#Declaration`, then the signer's certificate (validity now, ICP-Brasil chain, the representative's CPF).
 */
async function verifyReceived(
  config: Config,
  xml: string,
  at: Date,
  cpf: string | null,
): Promise<{ signer: string; cpf: string; pem: string }> {
  const { checkSigner, verifyPart } = await loadSigning();
  const pem = verifyPart(xml, DECLARATION_PART);
  if (!cpf) throw new SignatureRefused('O CPF do responsável legal da declaração não está cadastrado.');
  const trust = await trustList(config);
  const facts = checkSigner(pem, { trust, at, cpf, who: 'do responsável legal' });
  return { signer: facts.commonName.slice(0, 255), cpf: cpf.replace(/\D/g, ''), pem };
}

/** The declaration locked in the actor's owner scope, refused unless it awaits its representative's signature. */
async function lockSignable(tx: Tx, actor: Actor, id: number): Promise<q.DetailRow> {
  const row = await q.lockDeclaration(tx, id, q.ownerScope(actor));
  if (!row) throw notFound();
  if (!SIGNABLE_DECLARATION_STATES.includes(row.status as DeclarationStatus)) {
    throw refuse(text.notSignable(stateLabel(declarationFlow, row.status)));
  }
  if (row.signed_at) throw refuse(text.alreadySigned);
  const found = await q.findDeclaration(tx, id, undefined);
  if (!found) throw notFound();
  return found;
}

/**
 * The step A1 and A3 share. One transaction: the row locked in the actor's owner scope, `signed` produces the
 * signed XML (A1: signs here; A3: what the signer program posted), the signature verified, the XML stored,
 * `signed_at` and `signed_by_cpf` written, the audit row. Any refusal leaves everything as it was (the stored blob
 * is removed).
 */
async function signDeclaration(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  event: 'signature_a1' | 'signature_a3' | 'signature_cloud',
  signed: (tx: Tx, found: q.DetailRow, at: Date) => Promise<string>,
): Promise<DeclarationAction> {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const found = await lockSignable(tx, actor, id);
      const at = new Date();
      const xml = await asRefusal(() => signed(tx, found, at));
      const verified = await asRefusal(() => verifyReceived(config, xml, at, found.representative.cpf));
      const evidence = await asRefusal(() =>
        signerEvidence(tx, config, verified.pem, { at, role: 'representative', who: 'do responsável legal' }),
      );
      const stored = await changes.attach(
        tx,
        await storeXml(files, xml, declarationXmlName(id)),
        q.declarationOwner(id),
        actor.id,
        SIGNED_XML_ROLE,
      );
      await q.updateDeclaration(tx, id, { signed_at: at, signed_by_cpf: verified.cpf });
      // The evidence dates the exact bytes GET xml/download serves (the stored file).
      await openEvidence(tx, { type: 'declaration', id }, Buffer.from(xml, 'utf8'), at, [evidence]);
      await recordAudit(tx, ctx, {
        event,
        type: q.AUDIT_TYPE,
        id,
        old: { signed_at: null, signed_by_cpf: null },
        new: {
          signed_at: at,
          signed_by_cpf: verified.cpf,
          signer: verified.signer,
          signed_xml: stored.sha256,
        },
      });
    }),
  );
  await settleEvidence(db, config, { type: 'declaration', id }, declarationTimestamped);
  return { message: text.signed, declaration: await getDeclaration(db, actor, id) };
}

/** A declaration's evidence complete: nothing else moves (the analyst approves by the signature already). */
export const declarationTimestamped: EvidenceCompletion = async () => undefined;

/** POST /v1/declaration/signature/a1/{id}: the legal representative named on the declaration signs it here. */
export function signDeclarationA1(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  upload: A1Upload,
): Promise<DeclarationAction> {
  return signDeclaration(db, files, config, ctx, actor, id, 'signature_a1', async (tx, found, at) => {
    const { openPkcs12, signPart } = await loadSigning();
    const identity = openPkcs12(upload.pkcs12, upload.password);
    const unsigned = await declarationXml(tx, found, at);
    return signPart(unsigned, DECLARATION_PART, identity.privateKeyPem, identity.certificatePem);
  });
}

/**
 * The document of a signature made outside this request (A3: the signer program; cloud: a provider), declared at
 * `at`, refused as the A1 form would be now, so nothing is handed out for a signature that cannot happen; with who
 * must sign it (the legal representative named on the declaration).
 */
export function declarationHandOut(
  db: Database,
  actor: Actor,
  id: number,
  at: Date,
): Promise<{ document: string; signer: { name: string; cpf: string | null }; who: string }> {
  return db.transaction(async (tx) => {
    const found = await lockSignable(tx, actor, id);
    return {
      document: await declarationXml(tx, found, at),
      signer: { name: found.representative.name, cpf: found.representative.cpf },
      who: 'do responsável legal',
    };
  });
}

/** A3, first half (GET /v1/declaration/signature/a3/{id}): the XML to hand the signer program, declared at `at`. */
export async function a3DeclarationDocument(
  db: Database,
  actor: Actor,
  id: number,
  at: Date,
): Promise<string> {
  return (await declarationHandOut(db, actor, id, at)).document;
}

/**
 * The second half of a signature made elsewhere (A3: what the signer program posted; cloud: what the server
 * assembled with the provider's value). The declaration's facts must still be those handed out at `issuedAt` (a
 * rejection and a correction in between make the old document worthless), and the XML exactly that document plus
 * the signature; then it goes through the A1 path's verify-and-store step. `consume` spends the code or attempt in
 * the same transaction, so a refusal leaves a code usable and a success cannot be replayed.
 */
export function acceptDeclarationHandedOut(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  method: 'a3' | 'cloud',
  handedOut: { xml: string; issuedAt: Date },
  signed: string,
  consume: (tx: Tx) => Promise<void>,
): Promise<DeclarationAction> {
  const event = method === 'a3' ? 'signature_a3' : 'signature_cloud';
  return signDeclaration(db, files, config, ctx, actor, id, event, async (tx, found) => {
    if ((await declarationXml(tx, found, handedOut.issuedAt)) !== handedOut.xml) {
      throw refuse(text.changedSinceCode);
    }
    const { isIssuedPlusSignature } = await loadSigning();
    if (!isIssuedPlusSignature(signed, handedOut.xml, DECLARATION_PART)) {
      throw new SignatureRefused(
        'O XML assinado não corresponde ao documento entregue ao assinador: gere um novo código e assine novamente.',
      );
    }
    await consume(tx);
    return signed;
  });
}

/**
 * GET /v1/declaration/print-signed/{id}: the approved declaration's PDF with the server's PAdES signature (the
 * entity seal), sealed once and stored (copy-policy.ts), as the certificate's. It exists once the declaration was approved by its
 * representative's digital signature; before that, 404 with the reason; a server without a seal, 409.
 */
export async function signedPdf(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
): Promise<Printed> {
  const found = await q.findDeclaration(db, id, actor ? q.readScope(actor) : undefined);
  if (!found) throw notFound();
  if (!hasSignedPdf(found.row)) throw new AppError(404, ErrorCode.NotFound, text.signedPdfMissing);
  return printCopy(db, files, declarationCopies, {
    id,
    status: found.row.status,
    signed: true,
    fileName: declarationPdfName(id),
    render: () =>
      sealedPdf(
        db,
        config,
        () => declarationDocument(db, files, ctx, actor, id, false),
        `Declaração de origem ${id} - ${found.association_name}`,
        { city: found.association_city, state: found.association_state },
        text.signedPdfNoSeal,
      ),
  });
}

/** GET /v1/declaration/xml/timestamp/{id}: the timestamp reply of the signed XML's evidence (what xml/download serves). */
export async function declarationTimestampReply(db: Database, actor: Actor, id: number): Promise<Buffer> {
  if (!(await q.findDeclaration(db, id, q.readScope(actor)))) throw notFound();
  return timestampReplyOf(db, { type: 'declaration', id });
}

/** GET /v1/declaration/xml/download/{id}: the signed XML of a declaration the actor reads (404 before a signature). */
export async function signedXml(db: Database, actor: Actor, id: number): Promise<StoredFile> {
  const found = await q.findDeclaration(db, id, q.readScope(actor));
  return fileOfRecord(db, found, q.declarationOwner(id), SIGNED_XML_ROLE, text.signedXmlMissing);
}
