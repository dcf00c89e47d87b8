import { X509Certificate } from 'node:crypto';
import {
  COD_INSPECTION_MAX_BYTES,
  type CodInspection,
  type CodInspectionParty,
  type CodSignatureCheck,
  type CodStageCode,
  codStageLabels,
} from '@origem/contract/schemas/cod-inspection';
import { formatCpf, isValidCpf } from '@origem/contract/validators/tax-id';
import { SignatureRefused } from '../signing/errors';
import { loadSigning, type Signing } from '../signing/load';
import type { CodTarget } from '../signing/xmldsig';
import { SOAP_NS } from './cod-text';
import { codSchemaFile, MISSING_SIGNATURE, schemaErrors, schemaVersionOf } from './schemas';

/**
 * Reads any COD XML someone holds (issue 14) the way a stand-alone COD viewer does: which version, form and stage
 * it is, whether ALADI's schema for that holds, whether each XMLDSig signature holds with a certificate chaining to
 * the trust list at the signing date and carrying a CPF, and what it certifies. Nothing here trusts the file: a DTD
 * is refused before parsing (no entity is ever expanded), NUL bytes and non-UTF-8 text are refused, the size is
 * capped, and what cannot be read at all is a `CodFileRefused` the routes turn into a 422.
 */

/** Why a file cannot be inspected at all, in the words the user reads. */
export class CodFileRefused extends Error {}

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const MAX_SCHEMA_ERRORS = 20;

export type InspectOptions = {
  /** The trusted roots and intermediates; null when none is configured (every signature then fails the chain). */
  trust: X509Certificate[] | null;
  /** The public page shows only the middle digits of a CPF. */
  hideCpf?: boolean;
};

/** Bytes → the document's text, refusing what is not a plain UTF-8 XML text. */
export function codText(bytes: Buffer): string {
  if (bytes.length === 0) throw new CodFileRefused('O arquivo está vazio.');
  if (bytes.length > COD_INSPECTION_MAX_BYTES) {
    throw new CodFileRefused('O arquivo é grande demais para um COD (máximo de 1 MB).');
  }
  if (bytes.includes(0)) throw new CodFileRefused('O arquivo contém bytes nulos: não é um XML de texto.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CodFileRefused('O arquivo não está codificado em UTF-8, como o COD exige.');
  }
  text = text.replace(/^\uFEFF/, '');
  // A COD never has a DTD; refusing any keeps entity expansion (XXE, billion laughs) out of every parser here.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new CodFileRefused(
      'O XML contém uma declaração DOCTYPE ou ENTITY, que o COD não usa; por segurança, o arquivo foi recusado.',
    );
  }
  return text;
}

const children = (node: Element, name: string) =>
  Array.from(node.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === name,
  ) as Element[];
const child = (node: Element | null | undefined, name: string): Element | null =>
  node ? (children(node, name)[0] ?? null) : null;
const descendant = (node: Element | Document, name: string): Element | null =>
  ((node as Element).getElementsByTagNameNS('*', name)[0] as Element | undefined) ?? null;
/** An element's text with whitespace collapsed (the samples wrap long texts over lines). */
const text = (node: Element | null | undefined, name?: string): string | null => {
  const el = name ? child(node, name) : node;
  const value = el?.textContent?.replace(/\s+/g, ' ').trim();
  return value ? value : null;
};

/**
 * xs:dateTime → ISO. With an offset it becomes UTC; without one (older files) it stays the wall-clock time the
 * document wrote, which the browser shows as written (guessing an offset would be wrong across daylight-saving years).
 */
function isoDate(value: string | null): string | null {
  if (!value || Number.isNaN(new Date(value).getTime())) return null;
  return /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? new Date(value).toISOString() : value;
}

function party(node: Element | null, prefix: string): CodInspectionParty | null {
  if (!node) return null;
  return {
    name: text(node, `${prefix}BusinessName`) ?? '—',
    country: text(node, `${prefix}Country`),
    address: text(node, `${prefix}Address`),
    city: text(node, `${prefix}City`) ?? text(node, `${prefix}Locality`),
  };
}

/** The version `xsi:schemaLocation` names (`…cod_ver_1.8.3.xsd`), when the envelope declares one. */
function schemaLocationVersion(root: Element): string | null {
  const location = root.getAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'schemaLocation');
  return /cod_ver_(\d+\.\d+\.\d+)\.xsd/.exec(location ?? '')?.[1] ?? null;
}

const signatureOf = (parent: Element | null) =>
  parent
    ? Array.from(parent.childNodes).some(
        (n) =>
          n.nodeType === 1 && (n as Element).localName === 'Signature' && (n as Element).namespaceURI === DS,
      )
    : false;

export const cpfText = (cpf: string, hide: boolean) => {
  const formatted = formatCpf(cpf);
  return hide ? `***.${formatted.slice(4, 11)}-**` : formatted;
};

const commonNameOf = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn.replace(/\n/g, ', ');

const SIGNERS: Record<CodTarget, { label: string; who: string }> = {
  COD: { label: 'Assinatura do exportador', who: 'do exportador' },
  CODEH: { label: 'Assinatura da entidade emissora', who: 'da entidade' },
};

/** One signature: the XMLDSig itself, then the certificate's chain and validity at the signing date, then its CPF. */
function checkSignature(
  { checkChain, signerFacts, verifyCodSignature }: Signing,
  xml: string,
  doc: Document,
  target: CodTarget,
  present: boolean,
  signedAt: string | null,
  options: InspectOptions,
): CodSignatureCheck {
  const { label, who } = SIGNERS[target];
  const result: CodSignatureCheck = {
    target,
    label,
    status: 'absent',
    reason: `O COD não tem a assinatura ${who}.`,
    signer_name: null,
    signer_cpf: null,
    certificate_issuer: null,
    certificate_valid_from: null,
    certificate_valid_to: null,
    signed_at: signedAt,
  };
  if (!present) return result;
  result.status = 'invalid';
  let pem: string;
  try {
    pem = verifyCodSignature(xml, target, doc);
  } catch (err) {
    if (!(err instanceof SignatureRefused)) throw err;
    result.reason = err.message;
    return result;
  }
  const facts = signerFacts(pem);
  result.signer_name = facts.commonName.replace(/:\d{11}$/, '') || facts.subject;
  result.signer_cpf = facts.cpf ? cpfText(facts.cpf, options.hideCpf ?? false) : null;
  result.certificate_issuer = commonNameOf(new X509Certificate(pem).issuer);
  result.certificate_valid_from = facts.validFrom.toISOString();
  result.certificate_valid_to = facts.validTo.toISOString();
  if (!options.trust) {
    result.reason =
      'Nenhuma autoridade certificadora confiável está configurada: a cadeia não pôde ser conferida.';
    return result;
  }
  try {
    checkChain(pem, { trust: options.trust, at: signedAt ? new Date(signedAt) : new Date() });
  } catch (err) {
    if (!(err instanceof SignatureRefused)) throw err;
    result.reason = err.message;
    return result;
  }
  if (!facts.cpf || !isValidCpf(facts.cpf)) {
    result.reason = `O certificado da assinatura ${who} não traz um CPF válido (e-CPF ICP-Brasil).`;
    return result;
  }
  result.status = 'valid';
  result.reason = null;
  return result;
}

/** Inspects a COD file: refuses (CodFileRefused) what is not a COD at all, reports everything else. */
/** What the document says of itself; the module compares it with our records (`record`). */
export type CodDocumentInspection = Omit<CodInspection, 'record'>;

export async function inspectCod(bytes: Buffer, options: InspectOptions): Promise<CodDocumentInspection> {
  const xml = codText(bytes);
  const signing = await loadSigning();
  let doc: Document;
  try {
    doc = signing.parseCod(xml);
  } catch (err) {
    if (err instanceof SignatureRefused) throw new CodFileRefused(err.message);
    throw err;
  }
  const root = doc.documentElement;
  const certOrigin = child(root, 'CertOrigin');
  const codeh = child(certOrigin, 'CODEH');
  const codExporter = child(codeh, 'CODExporter');
  const cod = child(codExporter, 'COD');
  if (root.localName !== 'Envelope' || root.namespaceURI !== SOAP_NS || !cod) {
    throw new CodFileRefused(
      'O arquivo não é um COD da ALADI: falta a estrutura ns1:Envelope > CertOrigin > CODEH > CODExporter > COD.',
    );
  }

  const version = text(cod, 'CODVer');
  const formElement = Array.from(cod.childNodes).find(
    (n): n is Element => n.nodeType === 1 && /^Form[A-Z0-9]+$/.test((n as Element).localName ?? ''),
  ) as Element | undefined;
  const form = formElement ? formElement.localName.slice(4) : null;
  const agreement = child(cod, 'Agreement');
  const eh = child(codeh, 'EH');
  const certification = child(codeh, 'CertificationEH');
  const hasExporterSignature = signatureOf(codExporter);
  const hasEntitySignature = signatureOf(certOrigin);
  const stage: CodStageCode = eh
    ? hasEntitySignature
      ? 'complete'
      : 'certified'
    : hasExporterSignature
      ? 'exporter_signed'
      : 'unsigned';

  // Each file is checked against its own declared version's schema for its stage.
  const schemaFile = codSchemaFile(schemaVersionOf(version), stage);
  const locationVersion = schemaLocationVersion(root);
  // A missing signature is reported once, as a signature problem, not again as a schema complaint.
  const schemaProblems = (await schemaErrors(xml, schemaFile)).filter((e) => !MISSING_SIGNATURE.test(e));

  const declarationDate = isoDate(text(descendant(formElement ?? cod, 'Declaration'), 'DeclarationDate'));
  const certificateDate = isoDate(text(certification, 'CertificateDate'));
  const signatures = [
    checkSignature(signing, xml, doc, 'COD', hasExporterSignature, declarationDate, options),
    checkSignature(signing, xml, doc, 'CODEH', hasEntitySignature, certificateDate, options),
  ];

  const goods = formElement
    ? Array.from(formElement.getElementsByTagNameNS('*', 'Goods') as unknown as Element[])
    : [];
  const items = goods.map((g) => ({
    order: text(g, 'GoodsOrderNo'),
    code: text(g, 'GoodsItemCode') ?? '—',
    description: text(g, 'GoodsItemName') ?? '—',
    quantity: text(g, 'GoodsItemWeightAmount'),
    unit: text(g, 'GoodsItemMeasureUnit'),
    value: text(g, 'GoodsItemValue') ?? text(g, 'GoodsItemFOB'),
    origin_criterion: text(g, 'GoodsItemOriginRules'),
  }));
  const invoices = formElement
    ? Array.from(formElement.getElementsByTagNameNS('*', 'Invoice') as unknown as Element[]).map((i) => ({
        number: text(i, 'InvoiceNo') ?? '—',
        date: text(i, 'InvoiceDate')?.slice(0, 10) ?? null,
      }))
    : [];

  const problems: string[] = [];
  if (!formElement) problems.push('O COD não tem o formulário do acordo (elemento Form…).');
  if (locationVersion && version && locationVersion !== version) {
    problems.push(
      `O COD declara a versão ${version} em CODVer, mas o seu schemaLocation aponta o esquema ${locationVersion}.`,
    );
  }
  if (schemaProblems.length > 0) {
    problems.push(
      `O XML não segue o esquema da ALADI ${schemaFile} (${schemaProblems.length} ${schemaProblems.length === 1 ? 'erro' : 'erros'}).`,
    );
  }
  for (const s of signatures) if (s.reason) problems.push(s.reason);

  return {
    valid: problems.length === 0,
    stage,
    stage_label: codStageLabels[stage],
    version,
    form,
    agreement_name: text(agreement, 'AgreementName'),
    agreement_acronym: text(agreement, 'AgreementAcronym'),
    certificate_id: text(certification, 'CertificateID'),
    certificate_date: certificateDate,
    control_code: text(certification, 'CertificateControlCode'),
    schema: {
      file: schemaFile,
      valid: schemaProblems.length === 0,
      errors: schemaProblems.slice(0, MAX_SCHEMA_ERRORS),
    },
    exporter: party(child(formElement, 'Exporter'), 'Exporter'),
    importer: party(child(formElement, 'Importer'), 'Importer'),
    entity: eh
      ? { code: text(eh, 'EHId'), name: text(eh, 'EHName') ?? '—', country: text(eh, 'EHCountry') }
      : null,
    invoices,
    items,
    declaration_date: declarationDate,
    signatures,
    problems,
  };
}
