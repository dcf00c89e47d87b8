import { ErrorCode } from '@origem/contract/errors';
import { certificateFlow } from '@origem/contract/flows';
import {
  type CertificateAction,
  type CertificateStatus,
  certificatePdfName,
  certificateVerificationPath,
  NCM_DESCRIPTION_ERROR,
  certificateMessages as text,
} from '@origem/contract/schemas/certificates';
import {
  CERTIFICATE_FIELDS,
  type CertificateLayout,
  DEFAULT_CERTIFICATE_LAYOUT,
  defaultFieldLabel,
} from '@origem/contract/schemas/nomenclature';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { certificateCods, certificates } from '../../db/schema';
import { printDate, printTaxId } from '../../documents/format';
import { certificatePdf, type ModelField } from '../../documents/pdf/certificate';
import { prereceiptPdf } from '../../documents/pdf/certificate-prereceipt';
import { countryName, criterionText, pdfLanguage, transportName } from '../../documents/pdf/certificate-text';
import type { Printed } from '../../documents/pdf/send';
import { FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { PDF_POLICY, receiveBuffer } from '../../files/upload';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { associationLogo, sealedPdf } from '../issuance/documents';
import { printCopy } from '../issuance/issued-copy';
import { certificateCopies, printFacts } from './issued-copies';
import * as q from './queries';
import { getCertificate } from './read';

const ISSUED = certificateFlow.actions.approve.to;
const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');
const day = (value: string | null) => (value ? value.split('-').reverse().join('/') : null);

/**
 * The certificate's PDF (`print`, and what `generate_pdf` stores): the deal's model decides which boxes print and
 * their labels; "SEM VALOR" until it is issued. With `ncmReference` (the default) each item prints its NCM reference
 * description (the one chosen with `select_ncm`, else the NCM table's reference); an item with neither refuses the
 * print with `NcmDescriptionError` (SPEC §8), naming the NCMs to fix.
 */
export async function certificateDocument(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
  ncmReference = true,
): Promise<Buffer> {
  const found = await q.findCertificate(db, id, actor ? q.ownerScope(actor) : undefined);
  if (!found) throw notFound();
  const { row } = found;
  const [items, model, logo] = await Promise.all([
    q.itemsOf(db, id),
    q.modelOf(db, row.deal_id),
    associationLogo(db, files, row.trade_association_id),
  ]);
  const described = items.map((item) => ({ item, ncm: item.ncm_description ?? item.reference_description }));
  if (ncmReference) {
    const missing = q.ncmsWithoutDescription(items);
    if (missing.length > 0) {
      throw new AppError(422, NCM_DESCRIPTION_ERROR, text.ncmDescriptionMissing(missing));
    }
  }
  const language = model?.language ?? found.language?.code ?? 'pt';
  const lang = pdfLanguage(language);
  const country = (code: string | null | undefined, stored: string | null | undefined) =>
    countryName(lang, code, stored ?? null);
  const fields: Record<string, ModelField> = {};
  for (const definition of CERTIFICATE_FIELDS) {
    const own = model?.fields[definition.key];
    fields[definition.key] = {
      rule: own?.rule ?? 'O',
      label: own?.label?.trim() || defaultFieldLabel(definition, language),
    };
  }
  const layout = {
    ...DEFAULT_CERTIFICATE_LAYOUT,
    ...(model?.layout as Partial<CertificateLayout> | undefined),
  };
  const exporter = found.exporter;
  const importer = found.importer;
  return certificatePdf({
    id,
    number: row.certificate_number,
    status: row.status as CertificateStatus,
    language: lang,
    modelName: model?.name ?? found.deal.form ?? found.deal.abbreviation,
    dealName: found.deal.name,
    dealAbbreviation: found.deal.abbreviation,
    association: {
      name: found.association.name,
      address: join(
        [found.association.address, found.association.number].filter(Boolean).join(', '),
        [found.association.city, found.association.state].filter(Boolean).join(' - '),
      ),
    },
    logo,
    fields,
    values: {
      exporter_business_name: exporter.name,
      exporter_tax_id: printTaxId(exporter.cnpj ?? exporter.cpf),
      exporter_address: join(
        [exporter.address, exporter.number].filter(Boolean).join(', '),
        exporter.neighborhood,
      ),
      exporter_locality: exporter.city,
      exporter_city: [exporter.city, exporter.state].filter(Boolean).join(' - '),
      exporter_country: country('BR', 'Brasil'),
      exporter_phone: exporter.phone,
      exporter_email: exporter.email,
      producer_business_name: found.manufacturer_name,
      importer_business_name: importer.corporate_name,
      importer_tax_id: importer.foreign_tax_id,
      importer_address: join([importer.address, importer.number].filter(Boolean).join(', ')),
      importer_locality: importer.city,
      importer_city: importer.city,
      importer_country: country(importer.country_code, importer.country),
      intervenor_business_name: found.intervenor?.corporate_name ?? null,
      intervenor_address: join(found.intervenor?.address, found.intervenor?.city),
      intervenor_country: country(found.intervenor?.country_code, found.intervenor?.country),
      invoice_number: row.invoice_number,
      invoice_date: day(row.invoice_date),
      transport_port_of_loading: found.port_name,
      transport_means: transportName(lang, found.transport_name),
      transport_destination_country: country(importer.country_code, importer.country),
      comments: row.observations,
      declaration_date: printDate(row.created_at),
    },
    items: described.map(({ item, ncm }) => ({
      position: item.position,
      code: item.nomenclature_code,
      ncm: item.ncm,
      name: item.description,
      ncmDescription: ncmReference ? ncm : null,
      quantity: item.quantity,
      unit: item.unit_code,
      fob: item.fob_value_usd,
      criterion: criterionText(lang, item.origin_criterion),
      declarationDate: item.declaration_approved_at ? printDate(item.declaration_approved_at) : null,
    })),
    itemsPerPage: layout.items_per_page,
    fontSize: layout.font_size,
    paper: layout.paper_size,
    orientation: layout.orientation,
    marginMm: layout.margin_mm,
    showLogo: layout.show_logo,
    showQr: layout.show_qr_code,
    issuedAt: row.issued_at,
    validUntil: row.valid_until,
    verificationUrl: `${ctx.appUrl}${certificateVerificationPath(row.verification_code)}`,
    watermark: row.status !== ISSUED,
    createdAt: row.issued_at ?? row.updated_at,
  });
}

/** The PDF's download name (certificatePdfName): the certificate's number, or its request number before that. */
export async function certificateFileName(db: Database, id: number): Promise<string> {
  const [row] = await db
    .select({ id: certificates.id, certificate_number: certificates.certificate_number })
    .from(certificates)
    .where(eq(certificates.id, id));
  return certificatePdfName(row ?? { id, certificate_number: null });
}

/** PATCH generate_pdf/{id}: the final PDF of an issued certificate, rendered and stored (replacing an older one). */
export async function generatePdf(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<CertificateAction> {
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  if (!found) throw notFound();
  if (found.row.status !== ISSUED) throw conflict(text.notIssued);
  const pdf = await certificateDocument(db, files, ctx, actor, id);
  const received = await receiveBuffer(files, pdf, certificatePdfName(found.row), PDF_POLICY);
  await new FileChanges(files).run(async (changes) => {
    try {
      await db.transaction(async (tx) => {
        const before = await findOwnerFile(tx, q.certificateOwner(id), q.FILE_ROLES.pdf);
        const stored = await changes.attach(tx, received, q.certificateOwner(id), actor.id, q.FILE_ROLES.pdf);
        await recordAudit(tx, ctx, {
          event: 'generate_pdf',
          type: q.AUDIT_TYPE,
          id,
          old: { pdf: before ? before.sha256 : null },
          new: { pdf: stored.sha256 },
        });
      });
    } catch (err) {
      await files.remove(received.key);
      throw err;
    }
  });
  return {
    message: 'PDF do certificado gerado com sucesso!',
    certificate: await getCertificate(db, ctx, actor, id),
  };
}

/**
 * GET print?certificateId: the PDF. Issued, cancelled or replaced, the copy rendered once and stored (issued-copies.ts);
 * otherwise, and with `ncmReference=false` (the items' own descriptions), rendered now.
 */
export async function printCertificate(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
  ncmReference = true,
): Promise<Printed> {
  const facts = await printFacts(db, actor, id);
  const render = () => certificateDocument(db, files, ctx, actor, id, ncmReference);
  if (!ncmReference) return { stored: null, bytes: await render() };
  return printCopy(db, files, certificateCopies, {
    id,
    status: facts.status,
    signed: false,
    fileName: certificatePdfName({ id, certificate_number: facts.certificate_number }),
    render,
  });
}

/**
 * GET print-signed/{id}: the certificate's PDF with the server's PAdES signature (the entity seal, seal.ts). It
 * exists once both signatures of the COD are in; before that, 404 with the reason. Sealed once for the issued
 * certificate (and once more when it is cancelled or replaced) and stored; in between, sealed now, in memory.
 */
export async function signedPdf(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
): Promise<Printed> {
  const found = await q.findCertificate(db, id, actor ? q.ownerScope(actor) : undefined);
  if (!found) throw notFound();
  const [cod] = await db
    .select({ stage: certificateCods.stage })
    .from(certificateCods)
    .where(eq(certificateCods.certificate_id, id));
  // Complete and dated: a certificate awaiting its timestamp is not issued yet.
  if (cod?.stage !== 'complete' || found.row.status === 'AGUARDANDO_CARIMBO') {
    throw new AppError(404, ErrorCode.NotFound, text.signedPdfMissing);
  }
  const { association, row } = found;
  return printCopy(db, files, certificateCopies, {
    id,
    status: row.status,
    signed: true,
    fileName: certificatePdfName(row),
    render: () =>
      sealedPdf(
        db,
        config,
        () => certificateDocument(db, files, ctx, actor, id),
        `Certificado de origem ${row.certificate_number ?? id} - ${association.name}`,
        association,
        text.signedPdfNoSeal,
      ),
  });
}

/** GET prereceipt/{id}: the pré-recibo of an issued certificate (the association's fee for the deal). */
export async function prereceipt(db: Database, actor: Actor, id: number): Promise<Buffer> {
  const found = await q.findCertificate(db, id, q.ownerScope(actor));
  if (!found) throw notFound();
  const { row } = found;
  if (!row.certificate_number || !row.issued_at) throw conflict(text.notIssued);
  const { fee, payer } = await q.feeOf(db, row);
  const member = payer?.associated ?? false;
  return prereceiptPdf({
    id,
    number: row.certificate_number,
    association: {
      name: found.association.name,
      cnpj: found.association.cnpj,
      address: join(found.association.address, found.association.city, found.association.state),
    },
    payer: {
      name: payer?.name ?? found.exporter.name,
      taxId: payer?.cnpj ?? payer?.cpf ?? null,
      role: row.dispatcher_id ? 'Despachante' : 'Exportador',
    },
    deal: `${found.deal.abbreviation} — ${found.deal.name}`,
    invoice: row.invoice_number,
    issuedAt: row.issued_at,
    member,
    fee: fee ? (member ? fee.member_fee : fee.non_member_fee) : null,
  });
}
