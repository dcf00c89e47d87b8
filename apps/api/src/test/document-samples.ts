import type { CertificatePdfData, CertificatePdfItem } from '../documents/pdf/certificate';
import type { PrereceiptPdfData } from '../documents/pdf/certificate-prereceipt';
import type { PdfLanguage } from '../documents/pdf/certificate-text';
import type { DeclarationPdfData } from '../documents/pdf/declaration';
import type { PreRegistrationReceiptData } from '../documents/pdf/pre-registration-receipt';
import { formRules, modelFields } from '../modules/nomenclature/certificate-forms';
import { encodePng } from './png';

/**
 * The documents the renderer is measured and compared on (bench/documents.bench.ts, the renderers' tests): the
 * certificate in several deals' forms and languages, a long one with many items, a draft under its watermark, a
 * declaration with its materials, and both receipts. Fixed data and a fixed moment, so the same sample always
 * renders the same bytes.
 */

export const SAMPLE_MOMENT = new Date('2026-03-10T14:25:00Z');

/** A logo: a blue disc on a gradient, with a transparent corner when it has alpha. */
export function samplePng(width = 120, height = 60, alpha = true): Buffer {
  return encodePng(
    width,
    height,
    (x, y) => {
      const inside = (x - width / 3) ** 2 + (y - height / 2) ** 2 < (height / 2.4) ** 2;
      const clear = alpha && x > width * 0.8 && y < height * 0.3;
      return inside
        ? [11, 92, 173, 255]
        : [200 - Math.round((x / width) * 120), 160, 60 + Math.round((y / height) * 100), clear ? 0 : 255];
    },
    { type: alpha ? 'rgba' : 'rgb' },
  );
}

const ITEM_NAMES = [
  'Café verde beneficiado, grão arábica tipo 2/3, peneira 17/18, safra 2025/2026, em sacas de juta de 60 kg',
  'Placas cerâmicas esmaltadas para revestimento de paredes, 30 × 60 cm, acabamento acetinado',
  'Suco de laranja concentrado e congelado (FCOJ), 66 °Brix, em tambores de 250 kg',
  'Calçados de couro natural com solado de borracha, masculinos, numeração 38 a 44',
  'Açúcar cristal VHP — ICUMSA 600/1200, a granel',
];

function items(count: number): CertificatePdfItem[] {
  return Array.from({ length: count }, (_, i) => ({
    position: i + 1,
    code: i % 3 === 0 ? null : `0901.11.${String(10 + (i % 80)).padStart(2, '0')}`,
    ncm: '09011110',
    name: ITEM_NAMES[i % ITEM_NAMES.length] as string,
    ncmDescription: i % 2 === 0 ? 'Café não torrado, não descafeinado, em grão' : null,
    quantity: `${(i + 1) * 1250}.${String(i * 7)
      .padStart(3, '0')
      .slice(-3)}`,
    unit: i % 4 === 3 ? 'PAR' : 'KG',
    fob: `${(i + 1) * 18340}.${String(i * 13)
      .padStart(2, '0')
      .slice(-2)}`,
    criterion:
      i % 2 === 0 ? 'TO — Totalmente obtido' : 'ST — Salto de partida (posição de 4 dígitos distinta)',
    declarationDate: i % 3 === 0 ? '12/01/2026' : null,
  }));
}

function certificate(
  form: string,
  language: PdfLanguage,
  extra: Partial<CertificatePdfData> = {},
): CertificatePdfData {
  const fields = modelFields(formRules(form), language);
  return {
    id: 1234,
    number: 'BR036A18260000012300',
    status: 'EMITIDO',
    language,
    modelName: `${form} — Certificado de origem ALADI (formulário ${form})`,
    dealName: 'Acordo de Complementação Econômica nº 18 — Mercosul',
    dealAbbreviation: 'ACE-18',
    association: {
      name: 'Associação Comercial de Santos',
      address: 'Rua XV de Novembro, 137, Santos - SP',
    },
    logo: { bytes: samplePng(), mime: 'image/png' },
    fields,
    values: {
      exporter_business_name: 'Café Santista Exportadora Ltda.',
      exporter_tax_id: '12.345.678/0001-95',
      exporter_address: 'Avenida Conselheiro Nébias, 1.200, Boqueirão',
      exporter_city: 'Santos - SP',
      exporter_country: language === 'pt' ? 'Brasil' : 'Brazil',
      producer_business_name: 'Cooperativa dos Cafeicultores da Alta Mogiana',
      producer_address: 'Rodovia Cândido Portinari, km 380, Franca - SP',
      importer_business_name: 'Importadora Rioplatense S.A.',
      importer_tax_id: '30-71234567-8',
      importer_address: 'Avenida Corrientes, 1.234, piso 5',
      importer_city: 'Buenos Aires',
      importer_country: 'Argentina',
      intervenor_business_name: null,
      intervenor_address: null,
      intervenor_country: null,
      invoice_number: 'EXP-2026/000457-A',
      invoice_date: '05/03/2026',
      transport_port_of_loading: 'Porto de Santos',
      transport_means: language === 'en' ? 'Sea' : 'Marítimo',
      transport_destination_country: 'Argentina',
      comments: 'Mercadoria embarcada em 2 contêineres de 40 pés (MSCU 123456-7 e MSCU 765432-1).',
      declaration_date: '06/03/2026',
    },
    items: items(3),
    itemsPerPage: 10,
    fontSize: 8,
    paper: 'A4',
    orientation: 'portrait',
    marginMm: 10,
    showLogo: true,
    showQr: true,
    issuedAt: SAMPLE_MOMENT,
    validUntil: '2026-09-06',
    verificationUrl: 'https://origem.example.com.br/verificar/7Q4K-M2XD-93HT',
    watermark: false,
    createdAt: SAMPLE_MOMENT,
    ...extra,
  };
}

/** The certificates: deals' forms in their languages, issued and in draft, one page and many. */
export const CERTIFICATE_SAMPLES: Record<string, CertificatePdfData> = {
  'certificado-ace18-es': certificate('A18', 'es'),
  'certificado-israel-en': certificate('MERCOSUL-ISRAEL', 'en', { dealAbbreviation: 'MERCOSUL-ISRAEL' }),
  'certificado-sgp-pt-rascunho': certificate('SGP', 'pt', {
    number: null,
    status: 'EM_ANALISE',
    issuedAt: null,
    validUntil: null,
    watermark: true,
    logo: null,
  }),
  'certificado-longo-45-itens': certificate('R252', 'es', { items: items(45), itemsPerPage: 12 }),
};

export const DECLARATION_SAMPLE: DeclarationPdfData = {
  id: 5821,
  status: 'APROVADA',
  association: {
    name: 'Associação Comercial de Santos',
    cnpj: '58196684000129',
    address: 'Rua XV de Novembro, 137, Centro, Santos - SP',
  },
  logo: { bytes: samplePng(90, 90, false), mime: 'image/png' },
  owner: {
    name: 'Cerâmica Paulista Indústria e Comércio Ltda.',
    taxId: '12345678000195',
    address: 'Rodovia Washington Luís, km 172, Distrito Industrial',
    city: 'Santa Gertrudes - SP',
  },
  company: {
    name: 'Cerâmica Paulista Indústria e Comércio Ltda. — Unidade II',
    cnpj: '12345678000276',
    address: 'Avenida dos Ceramistas, 2.500, Santa Gertrudes - SP',
  },
  product: {
    name: 'Placas cerâmicas esmaltadas para revestimento, 30 × 60 cm',
    internalCode: 'PC-3060-ESM',
    ncm: '69072200',
    ncmDescription: 'Ladrilhos e placas de cerâmica, com coeficiente de absorção de água entre 0,5 % e 10 %',
    nomenclatureCode: '6907.22.00',
    classificationType: 'NALADISA',
  },
  deal: { abbreviation: 'ACE-18', name: 'Acordo de Complementação Econômica nº 18 — Mercosul' },
  fobMin: '4.35',
  fobMax: '6.80',
  productionProcess:
    'Moagem a úmido das argilas e feldspatos, atomização, prensagem a 400 kgf/cm², secagem, aplicação de ' +
    'engobe e esmalte, decoração digital, queima única a 1.180 °C em forno a rolos, classificação automática e ' +
    'embalagem. Todas as etapas são realizadas na unidade fabril de Santa Gertrudes (SP).',
  materials: Array.from({ length: 8 }, (_, i) => ({
    position: i + 1,
    ncm: ['25070010', '25291000', '32071010', '32072010', '48191000', '39202019', '25309090', '28399000'][
      i
    ] as string,
    description: [
      'Caulim e argilas cauliníticas',
      'Feldspato potássico',
      'Pigmentos cerâmicos preparados',
      'Esmaltes e engobes vitrificáveis',
      'Caixas de papelão ondulado',
      'Filme de polipropileno para paletização',
      'Talco e minerais moídos',
      'Silicato de zircônio micronizado (opacificante)',
    ][i] as string,
    country: i === 2 || i === 7 ? 'Espanha' : 'Brasil',
    cif: `${(i + 1) * 0.137}`.slice(0, 5),
    share: `${(i + 1) * 1.9}`.slice(0, 4),
    originating: !(i === 2 || i === 7),
  })),
  rule: { code: 'ST', description: 'Salto de partida: posição de 4 dígitos distinta da dos materiais' },
  norm: {
    name: 'ACE-18, Anexo IV, Art. 3º',
    legalText:
      'Serão considerados originários os produtos elaborados integralmente no território de qualquer um dos ' +
      'Estados Partes quando em sua elaboração forem utilizados, única e exclusivamente, materiais originários ' +
      'dos Estados Partes, ou que resultem de um processo de transformação que lhes confira uma nova ' +
      'individualidade, caracterizada pelo fato de estarem classificados em posição tarifária diferente da dos ' +
      'materiais.',
  },
  representative: { name: 'Mariana Conceição Albuquerque', cpf: '12345678909', jobPosition: 'Diretora' },
  approvedAt: SAMPLE_MOMENT,
  validUntil: '2028-03-10',
  deliveryLocation: null,
  signedAt: SAMPLE_MOMENT,
  createdAt: new Date('2026-03-02T12:00:00Z'),
  url: 'https://origem.example.com.br/declaracao-consulta/5821',
  watermark: false,
  updatedAt: SAMPLE_MOMENT,
};

export const PRERECEIPT_SAMPLE: PrereceiptPdfData = {
  id: 1234,
  number: 'BR036A18260000012300',
  association: {
    name: 'Associação Comercial de Santos',
    cnpj: '58196684000129',
    address: 'Rua XV de Novembro, 137, Santos, SP',
  },
  payer: { name: 'Despachos Aduaneiros Guarujá Ltda.', taxId: '23456789000110', role: 'Despachante' },
  deal: 'ACE-18 — Acordo de Complementação Econômica nº 18',
  invoice: 'EXP-2026/000457-A',
  issuedAt: SAMPLE_MOMENT,
  member: true,
  fee: '85.00',
};

export const PRE_REGISTRATION_SAMPLE: PreRegistrationReceiptData = {
  id: 318,
  status: 'PENDENTE',
  profile: 'Exportador',
  name: 'Têxtil Nordeste Confecções Ltda.',
  trade_name: 'Nordeste Fashion',
  cpf: null,
  cnpj: '34567890000123',
  email: 'comex@nordestefashion.com.br',
  phone: '(81) 3456-7890',
  address: 'Rua da Aurora, 1.020, Boa Vista, Recife - PE, 50050-000',
  association: 'Associação Comercial de Pernambuco',
  federation: 'FACEP',
  created_at: '2026-03-01T13:10:00Z',
  history: [
    { action: 'create', to_status: 'ENVIADO', note: null },
    {
      action: 'pendency',
      to_status: 'PENDENTE',
      note: 'Envie o contrato social atualizado, com a última alteração registrada na junta comercial.',
    },
  ].map((step, i) => ({
    id: i + 1,
    from_status: null,
    user: null,
    created_at: `2026-03-0${i + 1}T1${i}:00:00Z`,
    ...step,
  })),
  url: 'https://origem.example.com.br/pre-cadastro-analise/318',
  printedAt: SAMPLE_MOMENT,
};
