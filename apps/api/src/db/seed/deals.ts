import type { CodForm, CodVersionEntry } from '@origem/contract/schemas/cod-settings';
import type { ClassificationType } from '@origem/contract/schemas/deals';
import { inArray, sql } from 'drizzle-orm';
import { MERCOSUL_REGIME_CHANGE, MERCOSUL_REGIME_CRITERIA } from '../../documents/pdf/regime-criteria';
import type { Executor } from '../client';
import { countries, dealCountries, deals, originNorms, originRules } from '../schema';

type SeedNorm = {
  name: string;
  legal_text: string;
  valid_from?: string;
  valid_until?: string;
  non_originating_ceiling_percent?: string;
};
type SeedRule = { code: string; description: string; valid_from?: string; valid_until?: string };

type SeedDeal = {
  abbreviation: string;
  name: string;
  aladi_acronym: string | null;
  form: string;
  classification_type: ClassificationType;
  accepts_digital: boolean;
  certificate_validity_months: number;
  /** ISO codes of the partner countries (the `countries` lookup). */
  partners: string[];
  norms: SeedNorm[];
  rules: SeedRule[];
  /** The COD exchange (issue 36); absent: paper only. */
  cod?: {
    form: CodForm | null;
    automotive?: { form: CodForm; ncm: string[] };
    versions: CodVersionEntry[];
  };
};

/** The usual origin criteria of the preferential agreements. */
const CRITERIA: SeedRule[] = [
  {
    code: 'TO',
    description:
      'Totalmente obtido: mercadoria inteiramente obtida ou produzida no território de uma das Partes, sem materiais não originários.',
  },
  {
    code: 'ST',
    description:
      'Salto tarifário: os materiais não originários estão classificados em posição (4 dígitos) diferente da mercadoria final.',
  },
  {
    code: 'CR',
    description:
      'Conteúdo regional: o valor CIF dos materiais não originários não excede o limite do valor FOB fixado no acordo.',
  },
  {
    code: 'RE',
    description:
      'Requisito específico de origem: a mercadoria cumpre o requisito fixado para a sua classificação no anexo do acordo.',
  },
];

/** The Form A origin criteria of the generalised system of preferences. */
const GSP_CRITERIA: SeedRule[] = [
  {
    code: 'P',
    description: 'Produto inteiramente obtido no país de exportação (critério "P" do Formulário A).',
  },
  {
    code: 'W',
    description:
      'Produto suficientemente elaborado ou transformado no país de exportação, seguido da posição do SH (critério "W" do Formulário A).',
  },
];

/**
 * MERCOSUL's origin regime changed on 18 Jul 2024: Dec. CMC 01/09 (77th Additional Protocol to ACE 18, Decree
 * 8.454/2015, in force since 27 Jun 2015; it had replaced Dec. CMC 01/04) gave way to Dec. CMC 05/23 (218th Additional
 * Protocol, Decree 12.058/2024), which drops the general rule — every heading has a specific requirement (REO) —
 * and raises Brazil's ceiling of non-originating materials from 40 % to 45 % of the FOB value (Paraguay and
 * Uruguay: Dec. CMC 06/23). The criteria keep their codes; each changed one has its two versions (their texts, with
 * the translations the PDF prints, in documents/pdf/regime-criteria.ts).
 */
const MERCOSUL_CHANGE = MERCOSUL_REGIME_CHANGE;
const MERCOSUL_CRITERIA: SeedRule[] = [
  CRITERIA[0] as SeedRule,
  ...MERCOSUL_REGIME_CRITERIA.map(({ code, pt, valid_from, valid_until }) => ({
    code,
    description: pt,
    valid_from,
    valid_until,
  })),
];

/**
 * ALADI/SEC/di 2327 Rev. 13, Annex 3: under ACE 02 and ACE 14 automotive goods go on FormA18. Which goods are
 * automotive is each agreement's own list (ACE 14: the automotive protocols' annexes): chapter 87 and the engines
 * of its vehicles to start with; the administrators complete the list on the deal screen.
 */
const AUTOMOTIVE_NCM = ['87', '84073', '840820', '840890', '8409'];

/**
 * 1.8.3 is the schema version that added FormA72, so the one in use since COD with Colombia began (1 Dec 2021); the
 * seed starts every 1.8.3 exchange there. When a partner moves on, an administrator adds the new version from its
 * day on the deal screen.
 */
const V183 = { version: '1.8.3', valid_from: '2021-12-01' } as const;

/**
 * The deals Brazil's certifying entities issue under. Abbreviations are keys other seeds use (certificate models,
 * association fees): keep them as they are. Declarations stay valid 180 days everywhere (DOMAIN.md §3).
 */
const DEALS: SeedDeal[] = [
  {
    abbreviation: 'ACE-2',
    name: 'Acordo de Complementação Econômica nº 2 — Brasil–Uruguai (Protocolo de Expansão Comercial)',
    aladi_acronym: 'A02',
    form: 'Formulário ACE-2',
    classification_type: 'NCM',
    accepts_digital: true,
    // Only automotive goods have a COD form under ACE 02 (Annex 3); the rest go on paper.
    cod: {
      form: null,
      automotive: { form: 'A18', ncm: AUTOMOTIVE_NCM },
      versions: [V183],
    },
    certificate_validity_months: 12,
    partners: ['UY'],
    norms: [
      {
        name: 'Regime de Origem do ACE-2',
        legal_text:
          'Acordo de Complementação Econômica nº 2 entre Brasil e Uruguai — Protocolo de Expansão Comercial (PEC), Regime de Origem.',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-14',
    name: 'Acordo de Complementação Econômica nº 14 — Brasil–Argentina',
    aladi_acronym: 'A14',
    form: 'Formulário ACE-14',
    classification_type: 'NCM',
    accepts_digital: true,
    cod: {
      form: 'A14',
      automotive: { form: 'A18', ncm: AUTOMOTIVE_NCM },
      versions: [V183],
    },
    certificate_validity_months: 12,
    partners: ['AR'],
    norms: [
      {
        name: 'Regime de Origem do ACE-14',
        legal_text:
          'Acordo de Complementação Econômica nº 14 entre Brasil e Argentina — Regime de Origem e Protocolos Adicionais.',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-18',
    name: 'Acordo de Complementação Econômica nº 18 — MERCOSUL',
    aladi_acronym: 'A18',
    form: 'Formulário MERCOSUL (ACE-18)',
    classification_type: 'NCM',
    accepts_digital: true,
    cod: { form: 'A18', versions: [V183] },
    certificate_validity_months: 12,
    partners: ['AR', 'PY', 'UY'],
    norms: [
      {
        name: 'Regime de Origem do MERCOSUL',
        legal_text: 'Regime de Origem do MERCOSUL — Decisão CMC nº 01/09, Art. 3º',
        valid_until: MERCOSUL_CHANGE.until,
        non_originating_ceiling_percent: '40.00',
      },
      {
        name: 'Requisitos Específicos de Origem do MERCOSUL',
        legal_text:
          'Regime de Origem do MERCOSUL — Decisão CMC nº 01/09, Art. 4º e Anexo II (Requisitos Específicos de Origem)',
        valid_until: MERCOSUL_CHANGE.until,
        non_originating_ceiling_percent: '40.00',
      },
      {
        name: 'Regime de Origem do MERCOSUL',
        legal_text:
          'Regime de Origem do MERCOSUL — Decisão CMC nº 05/23 (218º Protocolo Adicional ao ACE 18, Decreto nº 12.058/2024)',
        valid_from: MERCOSUL_CHANGE.from,
        non_originating_ceiling_percent: '45.00',
      },
      {
        name: 'Requisitos Específicos de Origem do MERCOSUL',
        legal_text:
          'Regime de Origem do MERCOSUL — Decisão CMC nº 05/23, lista de Requisitos Específicos de Origem (REO)',
        valid_from: MERCOSUL_CHANGE.from,
        non_originating_ceiling_percent: '45.00',
      },
    ],
    rules: MERCOSUL_CRITERIA,
  },
  {
    abbreviation: 'ACE-35',
    name: 'Acordo de Complementação Econômica nº 35 — MERCOSUL–Chile',
    aladi_acronym: 'A35',
    form: 'Formulário MERCOSUL–Chile (ACE-35)',
    classification_type: 'NALADI/SH 96',
    accepts_digital: false,
    certificate_validity_months: 6,
    partners: ['CL'],
    norms: [
      {
        name: 'Regime de Origem MERCOSUL–Chile',
        legal_text: 'Acordo de Complementação Econômica nº 35 (MERCOSUL–Chile) — Anexo 13, Regime de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-36',
    name: 'Acordo de Complementação Econômica nº 36 — MERCOSUL–Bolívia',
    aladi_acronym: 'A36',
    form: 'Formulário MERCOSUL–Bolívia (ACE-36)',
    classification_type: 'NALADI/SH 96',
    accepts_digital: false,
    certificate_validity_months: 6,
    partners: ['BO'],
    norms: [
      {
        name: 'Regime de Origem MERCOSUL–Bolívia',
        legal_text: 'Acordo de Complementação Econômica nº 36 (MERCOSUL–Bolívia) — Anexo 9, Regime de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-58',
    name: 'Acordo de Complementação Econômica nº 58 — MERCOSUL–Peru',
    aladi_acronym: 'A58',
    form: 'Formulário MERCOSUL–Peru (ACE-58)',
    classification_type: 'NALADI/SH 96',
    accepts_digital: false,
    certificate_validity_months: 6,
    partners: ['PE'],
    norms: [
      {
        name: 'Regime de Origem MERCOSUL–Peru',
        legal_text: 'Acordo de Complementação Econômica nº 58 (MERCOSUL–Peru) — Anexo IV, Regime de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-59',
    name: 'Acordo de Complementação Econômica nº 59 — MERCOSUL–Colômbia, Equador e Venezuela',
    aladi_acronym: 'A59',
    form: 'Formulário MERCOSUL–CAN (ACE-59)',
    classification_type: 'NALADI/SH 96',
    accepts_digital: false,
    certificate_validity_months: 6,
    partners: ['CO', 'EC', 'VE'],
    norms: [
      {
        name: 'Regime de Origem MERCOSUL–CAN',
        legal_text:
          'Acordo de Complementação Econômica nº 59 (MERCOSUL–Colômbia, Equador e Venezuela) — Anexo IV, Regime de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'ACE-72',
    name: 'Acordo de Complementação Econômica nº 72 — MERCOSUL–Colômbia',
    aladi_acronym: 'A72',
    form: 'Formulário MERCOSUL–Colômbia (ACE-72)',
    classification_type: 'SH 2012',
    accepts_digital: true,
    // COD with Colombia since 1 Dec 2021 (MDIC).
    cod: { form: 'A72', versions: [V183] },
    certificate_validity_months: 12,
    partners: ['CO'],
    norms: [
      {
        name: 'Regime de Origem MERCOSUL–Colômbia',
        legal_text:
          'Acordo de Complementação Econômica nº 72 (MERCOSUL–Colômbia) — Anexo IV, Regime de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    // ACE-74 is the Brazil–Paraguay automotive-sector agreement (2020); MERCOSUL–Cuba is ACE-62.
    abbreviation: 'ACE-74',
    name: 'Acordo de Complementação Econômica nº 74 — Brasil–Paraguai (Setor Automotivo)',
    aladi_acronym: 'A74',
    form: 'Formulário ACE-74',
    classification_type: 'NCM',
    accepts_digital: true,
    // COD with Paraguay since 1 Dec 2025 (Notícia Siscomex 123/2025); 1.8.3 lists no A74.
    cod: { form: 'A18', versions: [{ version: '4.1.0', valid_from: '2025-12-01' }] },
    certificate_validity_months: 12,
    partners: ['PY'],
    norms: [
      {
        name: 'Regime de Origem do Setor Automotivo Brasil–Paraguai',
        legal_text:
          'Acordo de Complementação Econômica nº 74 (Brasil–Paraguai, setor automotivo) — Regime de Origem e índices de conteúdo regional.',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'MERCOSUL-ISRAEL',
    name: 'Tratado de Livre Comércio MERCOSUL–Israel',
    aladi_acronym: null,
    form: 'Certificado de Origem MERCOSUL–Israel',
    classification_type: 'SH 2012',
    accepts_digital: false,
    certificate_validity_months: 12,
    partners: ['IL'],
    norms: [
      {
        name: 'Regras de Origem MERCOSUL–Israel',
        legal_text:
          'Tratado de Livre Comércio entre o MERCOSUL e o Estado de Israel — Capítulo IV, Regras de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    abbreviation: 'MERCOSUL-EGITO',
    name: 'Tratado de Livre Comércio MERCOSUL–Egito',
    aladi_acronym: null,
    form: 'Certificado de Origem MERCOSUL–Egito',
    classification_type: 'SH 2017',
    accepts_digital: false,
    certificate_validity_months: 12,
    partners: ['EG'],
    norms: [
      {
        name: 'Regras de Origem MERCOSUL–Egito',
        legal_text:
          'Tratado de Livre Comércio entre o MERCOSUL e a República Árabe do Egito — Anexo sobre Regras de Origem',
      },
    ],
    rules: CRITERIA,
  },
  {
    // Donor schemes that still granted Brazil preferences with the Form A; the administrators keep the list current.
    abbreviation: 'SGP',
    name: 'Sistema Geral de Preferências (SGP)',
    aladi_acronym: null,
    form: 'Formulário A (SGP)',
    classification_type: 'SH 2022',
    accepts_digital: false,
    certificate_validity_months: 10,
    partners: ['CH', 'NO', 'RU', 'TR'],
    norms: [
      {
        name: 'Regras de Origem do SGP',
        legal_text:
          'Regras de origem do esquema SGP do país outorgante — Certificado de Origem Formulário A (Sistema Geral de Preferências, UNCTAD).',
      },
    ],
    rules: GSP_CRITERIA,
  },
];

/**
 * Inserts the deals that are missing (by abbreviation, letter case ignored) with their partner countries, norms and
 * rules. A deal that already exists is left alone: after the first start it belongs to the administrators, whose
 * changes (a norm removed, a partner added) a restart must not undo.
 */
export async function seedDeals(db: Executor): Promise<void> {
  const existing = await db.select({ abbreviation: sql<string>`lower(${deals.abbreviation})` }).from(deals);
  const present = new Set(existing.map((d) => d.abbreviation));
  const missing = DEALS.filter((d) => !present.has(d.abbreviation.toLowerCase()));
  if (missing.length === 0) return;

  const codes = [...new Set(missing.flatMap((d) => d.partners))];
  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, codes));
  const countryId = new Map(countryRows.map((c) => [c.code, c.id]));

  for (const { partners, norms, rules, cod, ...values } of missing) {
    const [deal] = await db
      .insert(deals)
      .values({
        ...values,
        cod_form: cod?.form ?? null,
        cod_automotive_form: cod?.automotive?.form ?? null,
        cod_automotive_ncm: cod?.automotive?.ncm ?? [],
        cod_versions: cod?.versions ?? [],
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error(`seed: deal ${values.abbreviation} not inserted`);
    // A country removed from the lookup by an administrator is simply not linked.
    const partnerIds = partners.map((code) => countryId.get(code)).filter((id) => id !== undefined);
    if (partnerIds.length > 0) {
      await db
        .insert(dealCountries)
        .values(partnerIds.map((country_id) => ({ deal_id: deal.id, country_id })));
    }
    await db.insert(originNorms).values(norms.map((norm) => ({ ...norm, deal_id: deal.id })));
    await db.insert(originRules).values(rules.map((rule) => ({ ...rule, deal_id: deal.id })));
  }
}

/** The seeded abbreviations (other seeds and the tests refer to them). */
export const SEEDED_DEALS = DEALS.map((d) => ({
  abbreviation: d.abbreviation,
  partners: d.partners,
  accepts_digital: d.accepts_digital,
}));
