import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode } from '@origem/contract/errors';
import { declarationFlow, stateLabel } from '@origem/contract/flows';
import {
  type DeclarationAction,
  type DeclarationStatus,
  declarationXmlName,
  SIGNABLE_DECLARATION_STATES,
  declarationMessages as text,
} from '@origem/contract/schemas/declarations';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { checkSigner } from '../../documents/signing/certificate';
import { SignatureRefused } from '../../documents/signing/errors';
import { openPkcs12 } from '../../documents/signing/pkcs12';
import { signPart, verifyPart } from '../../documents/signing/xmldsig';
import { buildDeclarationXml, DECLARATION_PART } from '../../documents/xml/declaration';
import { FileChanges, findOwnerFile, type StoredFile } from '../../files/records';
import { MIME } from '../../files/sniff';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { A1Upload } from '../certificates/signatures';
import { asRefusal, trustList } from '../certificates/signatures';
import * as q from './queries';
import { getDeclaration, SIGNED_XML_ROLE } from './service';

/**
 * The legal representative's A1 signature of a declaration (DOMAIN.md §3, §5): an enveloped XMLDSig over the
 * declaration's facts as XML (documents/xml/declaration.ts), taken while the declaration is sent and its content
 * frozen (ENVIADA or EM_ANALISE). The server verifies it like the COD's (digest, value, validity, ICP-Brasil chain,
 * the representative's CPF), stores the signed XML as the declaration's file and records who signed and when; the
 * analyst then approves by it (`digitally_signed`, whose guard asks for `signed_at`). A rejection drops it. The
 * PKCS#12 and its password live only in this request's memory.
 */

const refuse = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);

/** Writes the XML the server made to the file storage, as a received file for FileChanges to own or drop. */
async function storeXml(files: FileStorage, xml: string, name: string): Promise<ReceivedFile> {
  const bytes = Buffer.from(xml, 'utf8');
  const key = randomBytes(16).toString('hex');
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

/** Signs with the uploaded A1 and verifies the result as a receiver would; refusals are SignatureRefused. */
function signAndVerify(
  config: Config,
  xml: string,
  upload: A1Upload,
  at: Date,
  cpf: string | null,
): { xml: string; signer: string; cpf: string } {
  const identity = openPkcs12(upload.pkcs12, upload.password);
  const signed = signPart(xml, DECLARATION_PART, identity.privateKeyPem, identity.certificatePem);
  const pem = verifyPart(signed, DECLARATION_PART);
  if (!cpf) throw new SignatureRefused('O CPF do responsável legal da declaração não está cadastrado.');
  const facts = checkSigner(pem, { trust: trustList(config), at, cpf, who: 'do responsável legal' });
  return { xml: signed, signer: facts.commonName.slice(0, 255), cpf: cpf.replace(/\D/g, '') };
}

/**
 * POST /v1/declaration/signature/a1/{id}: the legal representative named on the declaration signs it. One
 * transaction: the row locked in the actor's owner scope, the signature verified, the XML stored, `signed_at` and
 * `signed_by_cpf` written, the audit row. Any refusal leaves everything as it was (the stored blob is removed).
 */
export async function signDeclarationA1(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  upload: A1Upload,
): Promise<DeclarationAction> {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const row = await q.lockDeclaration(tx, id, q.ownerScope(actor));
      if (!row) throw notFound();
      if (!SIGNABLE_DECLARATION_STATES.includes(row.status as DeclarationStatus)) {
        throw refuse(text.notSignable(stateLabel(declarationFlow, row.status)));
      }
      if (row.signed_at) throw refuse(text.alreadySigned);
      const found = await q.findDeclaration(tx, id, undefined);
      if (!found) throw notFound();
      const at = new Date();
      const unsigned = await declarationXml(tx, found, at);
      const signed = await asRefusal(() =>
        signAndVerify(config, unsigned, upload, at, found.representative.cpf),
      );
      const stored = await changes.attach(
        tx,
        await storeXml(files, signed.xml, declarationXmlName(id)),
        q.declarationOwner(id),
        actor.id,
        SIGNED_XML_ROLE,
      );
      await q.updateDeclaration(tx, id, { signed_at: at, signed_by_cpf: signed.cpf });
      await recordAudit(tx, ctx, {
        event: 'signature_a1',
        type: q.AUDIT_TYPE,
        id,
        old: { signed_at: null, signed_by_cpf: null },
        new: { signed_at: at, signed_by_cpf: signed.cpf, signer: signed.signer, signed_xml: stored.sha256 },
      });
    }),
  );
  return { message: text.signedA1, declaration: await getDeclaration(db, actor, id) };
}

/** GET /v1/declaration/xml/download/{id}: the signed XML of a declaration the actor reads (404 before a signature). */
export async function signedXml(db: Database, actor: Actor, id: number): Promise<StoredFile> {
  if (!(await q.findDeclaration(db, id, q.readScope(actor)))) throw notFound();
  const file = await findOwnerFile(db, q.declarationOwner(id), SIGNED_XML_ROLE);
  if (!file) throw new AppError(404, ErrorCode.NotFound, text.signedXmlMissing);
  return file;
}
