import type { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ErrorCode } from '@origem/contract/errors';
import { certificateFlow } from '@origem/contract/flows';
import { type CertificateAction, certificateVerificationPath } from '@origem/contract/schemas/certificates';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor, Tx } from '../../db/client';
import { certificateCods, users } from '../../db/schema';
import { checkSigner, parseTrustList } from '../../documents/signing/certificate';
import { SignatureRefused } from '../../documents/signing/errors';
import { openPkcs12 } from '../../documents/signing/pkcs12';
import { signCod, verifyCodSignature } from '../../documents/signing/xmldsig';
import { buildCod, CodDataError, type CodInput, certifyCod } from '../../documents/xml/cod';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { transition } from '../../lib/workflow';
import * as q from './queries';
import { certificateSubject, getCertificate } from './service';

/**
 * The COD of a digital certificate and its two A1 signatures (DOMAIN.md §5): the exporter's legal representative
 * over `#COD` (AGUARDANDO_ASSINATURA → ENVIADO), the entity's official over `#CODEH` after `EH` and
 * `CertificationEH` are filled (APROVADO → EMITIDO). The PKCS#12 and its password live only in this request's
 * memory. Every signature is verified as a customs office would before anything changes; a refusal is a 422 in
 * Portuguese and changes nothing.
 */

const refuse = (message: string) => new AppError(422, ErrorCode.FlowActionRefused, message);

let trustCache: { path: string; list: X509Certificate[] } | null = null;
/** The trusted CAs (SIGNATURE_TRUST_PEM), read once per path; null when none is configured. */
export function configuredTrust(config: Config): X509Certificate[] | null {
  const path = config.signatureTrustPem;
  if (!path) return null;
  if (trustCache?.path !== path) trustCache = { path, list: parseTrustList(readFileSync(path, 'utf8')) };
  return trustCache.list;
}

/** The trust every signature we receive is checked against (certificates, declarations, inspections). */
export function trustList(config: Config): X509Certificate[] {
  const list = configuredTrust(config);
  if (!list)
    throw refuse('Nenhuma autoridade certificadora confiável está configurada para assinaturas digitais.');
  return list;
}

/** Refusals of the signing libraries become the 422 the signer reads. */
export async function asRefusal<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SignatureRefused || err instanceof CodDataError) throw refuse(err.message);
    throw err;
  }
}

const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');

/** The certificate's facts as the COD carries them, declared now. */
async function codInputOf(db: Executor, found: q.DetailRow, declaredAt: Date): Promise<CodInput> {
  const items = await q.itemsOf(db, found.row.id);
  const { exporter, importer, intervenor } = found;
  return {
    agreement: { name: found.deal.name, acronym: found.deal.aladi_acronym ?? '' },
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
    invoice: { number: found.row.invoice_number, date: String(found.row.invoice_date) },
    items: items.map((item) => ({
      ncm: item.ncm,
      name: item.description,
      quantity: String(item.quantity),
      unit: item.unit_code ?? 'UN',
      value: String(item.fob_value_usd),
      originRule: item.origin_criterion,
      declarationDate: item.declaration_approved_at,
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
    declaredAt,
  };
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
  return asRefusal(async () => buildCod(await codInputOf(db, found, new Date())));
}

export type A1Upload = { pkcs12: Buffer; password: string };

/** POST first/signature/xml/a1/{id}: the legal representative signs `#COD`; AGUARDANDO_ASSINATURA → ENVIADO. */
export async function signFirstA1(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  upload: A1Upload,
): Promise<CertificateAction> {
  const action = certificateFlow.actions.first_signature;
  await db.transaction(async (tx) => {
    await transition(tx, ctx, certificateSubject, id, 'first_signature', {
      effect: async () => {
        const found = await q.findCertificate(tx, id, undefined);
        if (!found) throw notFound();
        const at = new Date();
        const signed = await asRefusal(async () => {
          const identity = openPkcs12(upload.pkcs12, upload.password);
          const xml = signCod(
            buildCod(await codInputOf(tx, found, at)),
            'COD',
            identity.privateKeyPem,
            identity.certificatePem,
          );
          return {
            xml,
            ...(await verifyReceived(
              config,
              xml,
              'COD',
              at,
              found.representative.cpf,
              'do responsável legal',
            )),
          };
        });
        await tx.insert(certificateCods).values({
          certificate_id: id,
          stage: 'exporter_signed',
          xml: signed.xml,
          exporter_signer: signed.signer,
          exporter_signed_at: at,
        });
        return { new: { cod: 'exporter_signed', exporter_signer: signed.signer } };
      },
    });
  });
  return { message: action.success ?? null, certificate: await getCertificate(db, ctx, actor, id) };
}

/** What every received signature goes through: the signature itself, then the signer's certificate. */
async function verifyReceived(
  config: Config,
  xml: string,
  target: 'COD' | 'CODEH',
  at: Date,
  cpf: string | null,
  who: string,
): Promise<{ signer: string }> {
  const pem = verifyCodSignature(xml, target);
  if (!cpf) throw new SignatureRefused(`O CPF ${who} não está cadastrado.`);
  const facts = checkSigner(pem, { trust: trustList(config), at, cpf, who });
  return { signer: facts.commonName.slice(0, 255) };
}

/**
 * POST second/signature/xml/a1/{id}: the entity's official (the signed-in user, by its CPF) fills `EH` and
 * `CertificationEH` and signs `#CODEH`; APROVADO → EMITIDO (issued now, valid for the deal's months).
 */
export async function signSecondA1(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  upload: A1Upload,
): Promise<CertificateAction> {
  const action = certificateFlow.actions.second_signature;
  await db.transaction(async (tx) => {
    await transition(tx, ctx, certificateSubject, id, 'second_signature', {
      effect: async () => secondSignatureEffect(tx, config, ctx, actor, id, upload),
    });
  });
  return { message: action.success ?? null, certificate: await getCertificate(db, ctx, actor, id) };
}

async function secondSignatureEffect(
  tx: Tx,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  upload: A1Upload,
) {
  const found = await q.findCertificate(tx, id, undefined);
  if (!found) throw notFound();
  const stored = await storedCod(tx, id);
  if (stored?.stage !== 'exporter_signed') {
    throw refuse('O certificado não tem o XML assinado pelo exportador.');
  }
  const [official] = await tx.select({ cpf: users.cpf }).from(users).where(eq(users.id, actor.id));
  const at = new Date();
  const { validity_months } = await q.numberingOf(tx, id);
  const signed = await asRefusal(async () => {
    const identity = openPkcs12(upload.pkcs12, upload.password);
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
    const xml = signCod(certified, 'CODEH', identity.privateKeyPem, identity.certificatePem);
    // The exporter's signature must survive: CODEH covers it.
    verifyCodSignature(xml, 'COD');
    return {
      xml,
      ...(await verifyReceived(
        config,
        xml,
        'CODEH',
        at,
        official?.cpf ?? null,
        'do usuário que assina pela entidade',
      )),
    };
  });
  await tx
    .update(certificateCods)
    .set({ stage: 'complete', xml: signed.xml, entity_signer: signed.signer, entity_signed_at: at })
    .where(eq(certificateCods.certificate_id, id));
  const issued = await q.markIssued(tx, id, validity_months);
  return { new: { cod: 'complete', entity_signer: signed.signer, ...issued } };
}
