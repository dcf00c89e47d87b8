import type { CertificateStatus } from '@origem/contract/schemas/certificates';
import { MERCOSUL_REGIME_CRITERIA } from './regime-criteria';

/**
 * The words the certificate PDF prints on its own, in each language a certificate form can have (the `languages`
 * lookup: pt, es, en; the model's language decides). The model gives the field labels; these are the rest: title,
 * section titles, the exporter's declaration and the entity's certification, the status of a draft, the page
 * footer, and the values the product itself names (countries, transport means, the usual origin criteria).
 */

export type PdfLanguage = 'pt' | 'es' | 'en';

export function pdfLanguage(code: string | null | undefined): PdfLanguage {
  return code === 'es' || code === 'en' ? code : 'pt';
}

type CertificateText = {
  title: string;
  /** The document's name in the metadata and the footer. */
  documentName: string;
  number: string;
  request: string;
  verify: string;
  agreement: string;
  sections: {
    exporter: string;
    producer: string;
    importer: string;
    intervenor: string;
    shipment: string;
    goods: string;
    comments: string;
    declaration: string;
    certification: string;
  };
  declarationText: string;
  certificationText: (association: string) => string;
  issued: (issued: string, validUntil: string) => string;
  page: (page: number, pages: number) => string;
  watermark: string;
  statuses: Record<CertificateStatus, string>;
  /** The seeded transport means (the `transports` lookup holds their Portuguese names). */
  transports: Record<string, string>;
  /** The usual origin criteria of the seeded deals, by code (the description is printed with its code). */
  criteria: Record<string, string>;
};

export const CERTIFICATE_TEXT: Record<PdfLanguage, CertificateText> = {
  pt: {
    title: 'CERTIFICADO DE ORIGEM',
    documentName: 'Certificado de origem',
    number: 'Nº',
    request: 'Pedido nº',
    verify: 'Verifique a autenticidade',
    agreement: 'Acordo',
    sections: {
      exporter: 'Exportador',
      producer: 'Produtor',
      importer: 'Importador',
      intervenor: 'Operador de terceiro país',
      shipment: 'Fatura e transporte',
      goods: 'Mercadorias',
      comments: 'Observações',
      declaration: 'Declaração do exportador',
      certification: 'Certificação da entidade',
    },
    declarationText: 'Declaramos que as mercadorias acima cumprem as condições de origem do acordo indicado.',
    certificationText: (association) => `${association} certifica a veracidade da declaração do exportador.`,
    issued: (issued, validUntil) => `Emitido em ${issued} — válido até ${validUntil}`,
    page: (page, pages) => `Página ${page} de ${pages}`,
    watermark: 'SEM VALOR',
    statuses: {
      RASCUNHO: 'Rascunho',
      AGUARDANDO_ASSINATURA: 'Aguardando assinatura do exportador',
      ENVIADO: 'Enviado para análise',
      EM_ANALISE: 'Em análise',
      REPROVADO: 'Reprovado',
      APROVADO: 'Aprovado — aguardando assinatura da entidade',
      AGUARDANDO_CARIMBO: 'Aguardando carimbo do tempo',
      EMITIDO: 'Emitido',
      CANCELAMENTO_SOLICITADO: 'Cancelamento solicitado',
      CANCELADO: 'Cancelado',
      SUBSTITUICAO_SOLICITADA: 'Substituição solicitada',
      SUBSTITUIDO: 'Substituído',
    },
    transports: {},
    criteria: {},
  },
  es: {
    title: 'CERTIFICADO DE ORIGEN',
    documentName: 'Certificado de origen',
    number: 'Nº',
    request: 'Solicitud nº',
    verify: 'Verifique la autenticidad',
    agreement: 'Acuerdo',
    sections: {
      exporter: 'Exportador',
      producer: 'Productor',
      importer: 'Importador',
      intervenor: 'Operador de tercer país',
      shipment: 'Factura y transporte',
      goods: 'Mercaderías',
      comments: 'Observaciones',
      declaration: 'Declaración del exportador',
      certification: 'Certificación de la entidad',
    },
    declarationText:
      'Declaramos que las mercaderías arriba indicadas cumplen las condiciones de origen del acuerdo indicado.',
    certificationText: (association) =>
      `${association} certifica la veracidad de la declaración del exportador.`,
    issued: (issued, validUntil) => `Emitido el ${issued} — válido hasta el ${validUntil}`,
    page: (page, pages) => `Página ${page} de ${pages}`,
    watermark: 'SIN VALOR',
    statuses: {
      RASCUNHO: 'Borrador',
      AGUARDANDO_ASSINATURA: 'Pendiente de la firma del exportador',
      ENVIADO: 'Enviado para análisis',
      EM_ANALISE: 'En análisis',
      REPROVADO: 'Rechazado',
      APROVADO: 'Aprobado — pendiente de la firma de la entidad',
      AGUARDANDO_CARIMBO: 'Pendiente del sello de tiempo',
      EMITIDO: 'Emitido',
      CANCELAMENTO_SOLICITADO: 'Cancelación solicitada',
      CANCELADO: 'Cancelado',
      SUBSTITUICAO_SOLICITADA: 'Sustitución solicitada',
      SUBSTITUIDO: 'Sustituido',
    },
    transports: {
      Marítimo: 'Marítimo',
      Aéreo: 'Aéreo',
      Rodoviário: 'Carretero',
      Ferroviário: 'Ferroviario',
      Fluvial: 'Fluvial',
      Multimodal: 'Multimodal',
      Postal: 'Postal',
    },
    criteria: {
      TO: 'Totalmente obtenido: mercadería enteramente obtenida o producida en el territorio de una de las Partes, sin materiales no originarios.',
      ST: 'Salto de partida: los materiales no originarios se clasifican en una partida (4 dígitos) distinta de la de la mercadería final.',
      CR: 'Contenido regional: el valor CIF de los materiales no originarios no excede el límite del valor FOB fijado en el acuerdo.',
      RE: 'Requisito específico de origen: la mercadería cumple el requisito fijado para su clasificación en el anexo del acuerdo.',
      P: 'Producto enteramente obtenido en el país de exportación (criterio "P" del Formulario A).',
      W: 'Producto suficientemente elaborado o transformado en el país de exportación, seguido de la partida del SA (criterio "W" del Formulario A).',
    },
  },
  en: {
    title: 'CERTIFICATE OF ORIGIN',
    documentName: 'Certificate of origin',
    number: 'No.',
    request: 'Request no.',
    verify: 'Verify its authenticity',
    agreement: 'Agreement',
    sections: {
      exporter: 'Exporter',
      producer: 'Producer',
      importer: 'Importer',
      intervenor: 'Third-country operator',
      shipment: 'Invoice and transport',
      goods: 'Goods',
      comments: 'Remarks',
      declaration: "Exporter's declaration",
      certification: 'Certification by the issuing body',
    },
    declarationText: 'We declare that the goods above meet the origin conditions of the agreement indicated.',
    certificationText: (association) =>
      `${association} certifies that the exporter's declaration is correct.`,
    issued: (issued, validUntil) => `Issued on ${issued} — valid until ${validUntil}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
    watermark: 'NOT VALID',
    statuses: {
      RASCUNHO: 'Draft',
      AGUARDANDO_ASSINATURA: "Awaiting the exporter's signature",
      ENVIADO: 'Sent for analysis',
      EM_ANALISE: 'Under analysis',
      REPROVADO: 'Rejected',
      APROVADO: "Approved — awaiting the issuing body's signature",
      AGUARDANDO_CARIMBO: 'Awaiting the timestamp',
      EMITIDO: 'Issued',
      CANCELAMENTO_SOLICITADO: 'Cancellation requested',
      CANCELADO: 'Cancelled',
      SUBSTITUICAO_SOLICITADA: 'Replacement requested',
      SUBSTITUIDO: 'Replaced',
    },
    transports: {
      Marítimo: 'Sea',
      Aéreo: 'Air',
      Rodoviário: 'Road',
      Ferroviário: 'Rail',
      Fluvial: 'Inland waterway',
      Multimodal: 'Multimodal',
      Postal: 'Post',
    },
    criteria: {
      TO: 'Wholly obtained: goods wholly obtained or produced in the territory of a Party, with no non-originating materials.',
      ST: 'Change of tariff heading: the non-originating materials are classified in a heading (4 digits) other than that of the final good.',
      CR: 'Regional value content: the CIF value of the non-originating materials does not exceed the share of the FOB value set in the agreement.',
      RE: 'Specific rule of origin: the good meets the requirement set for its classification in the annex of the agreement.',
      P: 'Product wholly obtained in the exporting country (criterion "P" of Form A).',
      W: 'Product sufficiently worked or processed in the exporting country, followed by the HS heading (criterion "W" of Form A).',
    },
  },
};

/**
 * A country in the certificate's language, from its ISO code (the `countries` lookup names them in Portuguese);
 * the stored name when there is no code.
 */
export function countryName(language: PdfLanguage, code: string | null | undefined, stored: string | null) {
  if (!code) return stored;
  if (language === 'pt') return stored ?? code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? stored;
  } catch {
    return stored;
  }
}

/** A seeded transport mean in the certificate's language; any other name as stored. */
export function transportName(language: PdfLanguage, stored: string | null) {
  return stored ? (CERTIFICATE_TEXT[language].transports[stored] ?? stored) : null;
}

/**
 * An item's origin criterion, stored as "CODE — Portuguese description": on a form in another language, the code
 * with the description in that language for the usual criteria, the code alone for any other (its description is
 * the deal's own Portuguese text).
 */
export function criterionText(language: PdfLanguage, stored: string) {
  if (language === 'pt') return stored;
  const [head, ...rest] = stored.split(' — ');
  const code = head?.trim() ?? stored;
  // A version of a criterion that changed (MERCOSUL's regimes) prints its own translation; any other, the code's.
  const versioned = REGIME_TRANSLATIONS.get(rest.join(' — ').trim())?.[language];
  const description = versioned ?? CERTIFICATE_TEXT[language].criteria[code.toUpperCase()];
  return description ? `${code} — ${description}` : code;
}

const REGIME_TRANSLATIONS = new Map(MERCOSUL_REGIME_CRITERIA.map((c) => [c.pt, c]));

/** Numbers and money printed pt-BR ('1.234,56') read the same in Spanish; English swaps the separators. */
export function localNumber(language: PdfLanguage, printed: string) {
  if (language !== 'en') return printed;
  return printed.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')).replace(/US\$\s/, 'US$');
}
