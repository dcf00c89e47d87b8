import {
  COD_VERSION_ACRONYMS,
  COD_VERSIONS,
  type CodForm,
  type CodVersion,
} from '@origem/contract/schemas/cod-settings';
import { type CodInput, type CodProfile, formName } from './cod-blocks';
import { formA14 } from './cod-form-a14';
import { formA18 } from './cod-form-a18';
import { formA72 } from './cod-form-a72';
import {
  address,
  CodDataError,
  codDateTime,
  el,
  email,
  group,
  opt,
  phone,
  SOAP_NS,
  token,
  XSI_NS,
} from './cod-text';

/**
 * The ALADI Certificado de Origem Digital (COD) as XML (DOMAIN.md §5, shared/aladi/README.md), in the form and
 * version the deal's settings give (issue 36): `CODVer` and `schemaLocation` declare the version, `AgreementAcronym`
 * is the deal's (A02, A74) whatever the form. One line without indentation (a signed file must never be re-indented),
 * UTF-8 without a byte-order mark. Each form's elements live in its module (cod-form-*.ts); the callers validate
 * every document against its version's schema with xmllint before anyone signs it (cod-validation.ts).
 */

export type { CodInput, CodItem, CodParty, CodProfile } from './cod-blocks';
export { CodDataError } from './cod-text';

const FORM_WRITERS: Record<CodForm, (input: CodInput, target: CodProfile) => string> = {
  A14: formA14,
  A18: formA18,
  A72: formA72,
};

/** Where ALADI publishes the version's schema: the envelope's `xsi:schemaLocation` names it. */
export const codSchemaLocation = (version: CodVersion) =>
  `${SOAP_NS} http://www.codaladi.org/directorio/cod_ver_${version}.xsd`;

/** The unsigned COD: what the exporter's legal representative signs (`#COD`). */
export function buildCod(input: CodInput, target: CodProfile): string {
  const acronym = input.agreement.acronym.toUpperCase();
  if (!COD_VERSION_ACRONYMS[target.version].includes(acronym)) {
    throw new CodDataError(
      `A versão ${target.version} do COD não inclui o acordo ${acronym || '(sem sigla ALADI)'}: ajuste as versões do COD do acordo.`,
    );
  }
  const cod = [
    el('CODVer', target.version),
    el('CODSubmitterType', 'EXP'),
    group(
      'Agreement',
      el('AgreementName', token(input.agreement.name, 256).padEnd(3, '.')),
      el('AgreementAcronym', acronym),
    ),
    FORM_WRITERS[target.form](input, target),
  ].join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<ns1:Envelope xmlns:ns1="${SOAP_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${codSchemaLocation(target.version)}">` +
    `<ns1:CertOrigin><CODEH id="CODEH"><CODExporter><COD id="COD">${cod}</COD></CODExporter></CODEH>` +
    '</ns1:CertOrigin></ns1:Envelope>'
  );
}

/** The issuing entity's part, filled before its signature (`EH` and `CertificationEH`). */
export type CodCertification = {
  ehid: string;
  name: string;
  address: string;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  url: string;
  controlCode?: string | null;
  certifiedAt: Date;
  certificateId: string;
};

/** The version a COD we wrote declares (its `CODVer`), or a refusal when it is not one we write. */
export function codVersionOf(xml: string): CodVersion {
  const declared = /<CODVer>([^<]*)<\/CODVer>/.exec(xml)?.[1] ?? '';
  if (!(COD_VERSIONS as readonly string[]).includes(declared)) {
    throw new CodDataError(`O COD declara a versão ${declared || '(nenhuma)'}, que o sistema não escreve.`);
  }
  return declared as CodVersion;
}

/** The form a COD we wrote is on (its `Form…` element). */
export function codFormOf(xml: string): CodForm {
  return (/<Form(A14|A18|A72)>/.exec(xml)?.[1] ?? 'A18') as CodForm;
}

/** The `EH` and `CertificationEH` elements, in the version's shape (4.1.0 requires `EHCityLocality`). */
export function certificationXml(c: CodCertification, target: CodProfile): string {
  if (!/^[A-Z0-9]{3}$/.test(c.ehid)) throw new CodDataError('A entidade não tem código EHId ALADI válido.');
  if (!/^[A-Z]{2}[A-Za-z0-9]{3}[ACRHGT][A0-9][0-9]{3}[A-Za-z0-9]{8}[0-9]{2}$/.test(c.certificateId)) {
    throw new CodDataError('O certificado não tem um CertificateID válido.');
  }
  if (!/^https?:\/\//.test(c.url)) throw new CodDataError('O endereço da entidade deve começar com http://.');
  const city = c.city ? token(c.city, 50) : null;
  if (target.version === '4.1.0' && !city) {
    throw new CodDataError(
      `O ${formName(target)} do COD exige a cidade da entidade emissora: complete o cadastro da associação.`,
    );
  }
  return (
    group(
      'EH',
      el('EHId', c.ehid),
      el('EHCountry', 'BR'),
      el('EHName', token(c.name, 100) || '-'),
      el('EHAddress', address(c.address)),
      target.version === '4.1.0' ? el('EHCityLocality', city ?? '-') : opt('EHCity', city),
      opt('EHTelephone', phone(c.phone)),
      opt('EHEmail', email(c.email)),
      el('EHURL', c.url),
    ) +
    group(
      'CertificationEH',
      opt('CertificateControlCode', c.controlCode?.trim().slice(0, 32)),
      el('CertificateDate', codDateTime(c.certifiedAt)),
      el('CertificateID', c.certificateId),
    )
  );
}

/**
 * Inserts `EH` and `CertificationEH` at the end of `CODEH` (after the exporter's signed `CODExporter`), by text, in
 * the version and form the exporter signed: the exporter's signature stays byte for byte as it was signed.
 */
export function certifyCod(signedByExporter: string, c: CodCertification): string {
  const close = '</CODEH>';
  const at = signedByExporter.lastIndexOf(close);
  if (at < 0 || signedByExporter.includes('<EH>')) throw new CodDataError('COD sem CODEH ou já certificado.');
  const target = { version: codVersionOf(signedByExporter), form: codFormOf(signedByExporter) };
  return signedByExporter.slice(0, at) + certificationXml(c, target) + signedByExporter.slice(at);
}
