import type { SignedPart } from '../signing/xmldsig';
import { codDateTime, escapeXml } from './cod-text';

/**
 * The declaration of origin as the small XML its legal representative signs (DOMAIN.md §3, §5): every fact the
 * analyst approves, in one line (a signed file is never re-indented), UTF-8 without a byte-order mark. The enveloped
 * signature covers `Declaration` and sits after it inside `OriginDeclaration`, the way the COD's does.
 */

export const DECLARATION_XML_VERSION = '1';

/** Where the legal representative's signature sits (documents/signing/xmldsig.ts). */
export const DECLARATION_PART = {
  id: 'Declaration',
  parent: 'OriginDeclaration',
  who: 'do responsável legal',
} as const satisfies SignedPart;

export type DeclarationXmlInput = {
  id: number;
  association: string;
  exporter: { name: string; taxId: string | null };
  manufacturer: { name: string; cnpj: string | null };
  representative: { name: string; cpf: string | null };
  deal: { abbreviation: string; name: string };
  product: { name: string; internalCode: string | null; ncm: string; nomenclatureCode: string | null };
  productionProcess: string;
  fobUnitValue: { min: string; max: string };
  originRule: string;
  originNorm: string;
  materials: {
    position: number;
    ncm: string;
    description: string;
    country: string;
    cifValueUsd: string;
    fobSharePercent: string;
  }[];
  signedAt: Date;
};

const el = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}>${escapeXml(String(value))}</${name}>`;

export function buildDeclarationXml(d: DeclarationXmlInput): string {
  const materials = d.materials
    .map(
      (m) =>
        `<Material>${el('Position', m.position)}${el('NCM', m.ncm)}${el('Description', m.description)}${el('OriginCountry', m.country)}${el('CIFValueUSD', m.cifValueUsd)}${el('FOBSharePercent', m.fobSharePercent)}</Material>`,
    )
    .join('');
  const body =
    `<Declaration id="${DECLARATION_PART.id}">` +
    el('DeclarationID', d.id) +
    el('TradeAssociation', d.association) +
    `<Exporter>${el('Name', d.exporter.name)}${el('TaxID', d.exporter.taxId)}</Exporter>` +
    `<Manufacturer>${el('Name', d.manufacturer.name)}${el('CNPJ', d.manufacturer.cnpj)}</Manufacturer>` +
    `<LegalRepresentative>${el('Name', d.representative.name)}${el('CPF', d.representative.cpf)}</LegalRepresentative>` +
    `<Agreement>${el('Acronym', d.deal.abbreviation)}${el('Name', d.deal.name)}</Agreement>` +
    `<Product>${el('Name', d.product.name)}${el('InternalCode', d.product.internalCode)}${el('NCM', d.product.ncm)}${el('NomenclatureCode', d.product.nomenclatureCode)}</Product>` +
    el('ProductionProcess', d.productionProcess) +
    `<FOBUnitValueUSD>${el('Min', d.fobUnitValue.min)}${el('Max', d.fobUnitValue.max)}</FOBUnitValueUSD>` +
    el('OriginCriterion', d.originRule) +
    el('OriginNorm', d.originNorm) +
    `<Materials>${materials}</Materials>` +
    el('SignedAt', codDateTime(d.signedAt)) +
    '</Declaration>';
  return `<?xml version="1.0" encoding="UTF-8"?><${DECLARATION_PART.parent} version="${DECLARATION_XML_VERSION}">${body}</${DECLARATION_PART.parent}>`;
}
