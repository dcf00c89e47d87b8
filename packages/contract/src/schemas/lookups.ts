import { z } from 'zod';
import { messages } from '../messages.pt';
import { listOf, paginated } from '../paging';

/**
 * The small reference tables (ports, sectors, currencies…) share one CRUD contract: a definition here drives the
 * input validation, the API routes and the list+form screen. A new lookup table is a definition, a Drizzle table
 * and a line in the API's registry — no new screen.
 */
export type LookupField = {
  name: string;
  label: string;
  kind: 'text' | 'code' | 'boolean';
  max?: number;
  required?: boolean;
  /** Stored upper-case (codes such as ISO currencies and countries). */
  upper?: boolean;
  pattern?: { regex: RegExp; message: string };
  /** Unique among rows (case-insensitive for text). */
  unique?: boolean;
  /** Shown as a column in the list. */
  column?: boolean;
};

export type LookupDefinition = {
  key: string;
  /** API base path, e.g. `/v1/currency`. */
  path: string;
  /** Web route slug under /cadastros. */
  slug: string;
  title: string;
  singular: string;
  /** Grammatical gender of `singular`: 'Nova moeda', 'Novo setor'. */
  gender: 'f' | 'm';
  hint: string;
  /** Fixed codes the system relies on: listed, never edited. */
  readOnly?: boolean;
  fields: LookupField[];
};

const name = (label = 'Nome', max = 120): LookupField => ({
  name: 'name',
  label,
  kind: 'text',
  max,
  required: true,
  unique: true,
  column: true,
});

export const LOOKUPS = {
  shipment_port: {
    key: 'shipment_port',
    gender: 'm',
    path: '/v1/shipment_port',
    slug: 'portos-embarque',
    title: 'Portos de embarque',
    singular: 'Porto de embarque',
    hint: 'Portos, aeroportos e pontos de fronteira de onde as mercadorias saem.',
    fields: [
      name('Nome', 160),
      { name: 'city', label: 'Cidade', kind: 'text', max: 120, column: true },
      { name: 'state', label: 'UF', kind: 'code', max: 2, upper: true, column: true },
    ],
  },
  sector: {
    key: 'sector',
    gender: 'm',
    path: '/v1/sector',
    slug: 'setores',
    title: 'Setores',
    singular: 'Setor',
    hint: 'Setores da economia a que pertencem as mercadorias certificadas.',
    fields: [name('Nome', 160)],
  },
  currency: {
    key: 'currency',
    gender: 'f',
    path: '/v1/currency',
    slug: 'moedas',
    title: 'Moedas',
    singular: 'Moeda',
    hint: 'Moedas das faturas comerciais (código ISO 4217).',
    fields: [
      {
        name: 'code',
        label: 'Código ISO',
        kind: 'code',
        max: 3,
        required: true,
        upper: true,
        unique: true,
        column: true,
        pattern: { regex: /^[A-Z]{3}$/, message: 'Use as três letras do código ISO (ex.: USD).' },
      },
      name('Nome', 80),
      { name: 'symbol', label: 'Símbolo', kind: 'text', max: 5, required: true, column: true },
    ],
  },
  transport: {
    key: 'transport',
    gender: 'm',
    path: '/v1/transport',
    slug: 'transportes',
    title: 'Meios de transporte',
    singular: 'Meio de transporte',
    hint: 'Modais de transporte informados nos certificados.',
    fields: [name('Nome', 80)],
  },
  measurement_unit: {
    key: 'measurement_unit',
    gender: 'f',
    path: '/v1/measurement_unit',
    slug: 'unidades-medida',
    title: 'Unidades de medida',
    singular: 'Unidade de medida',
    hint: 'Unidades para quantidades, pesos e volumes.',
    fields: [
      { name: 'code', label: 'Sigla', kind: 'code', max: 10, required: true, unique: true, column: true },
      name('Nome', 80),
    ],
  },
  language: {
    key: 'language',
    gender: 'm',
    path: '/v1/language',
    slug: 'idiomas',
    title: 'Idiomas',
    singular: 'Idioma',
    hint: 'Idiomas em que os certificados são emitidos.',
    fields: [
      {
        name: 'code',
        label: 'Código',
        kind: 'code',
        max: 2,
        required: true,
        unique: true,
        column: true,
        pattern: { regex: /^[a-z]{2}$/, message: 'Use o código ISO 639-1 em minúsculas (ex.: pt).' },
      },
      name('Nome', 60),
    ],
  },
  country: {
    key: 'country',
    gender: 'm',
    path: '/v1/country',
    slug: 'paises',
    title: 'Países',
    singular: 'País',
    hint: 'Países (ISO 3166 alfa-2) e se são membros da ALADI.',
    fields: [
      {
        name: 'code',
        label: 'Código ISO',
        kind: 'code',
        max: 2,
        required: true,
        upper: true,
        unique: true,
        column: true,
        pattern: { regex: /^[A-Z]{2}$/, message: 'Use as duas letras do código ISO 3166 (ex.: AR).' },
      },
      name('Nome', 120),
      { name: 'aladi_member', label: 'Membro da ALADI', kind: 'boolean', column: true },
    ],
  },
  job_position: {
    key: 'job_position',
    gender: 'm',
    path: '/v1/job_position',
    slug: 'cargos',
    title: 'Cargos',
    singular: 'Cargo',
    hint: 'Cargos dos responsáveis legais.',
    fields: [name('Nome', 120)],
  },
  delivery_location: {
    key: 'delivery_location',
    gender: 'm',
    path: '/v1/delivery_location',
    slug: 'locais-entrega',
    title: 'Locais de entrega',
    singular: 'Local de entrega',
    hint: 'Onde as declarações assinadas em papel são entregues.',
    fields: [
      name('Nome', 160),
      { name: 'address', label: 'Endereço', kind: 'text', max: 255, column: true },
      { name: 'city', label: 'Cidade', kind: 'text', max: 120, column: true },
    ],
  },
  company_type: {
    key: 'company_type',
    gender: 'm',
    path: '/v1/company_type',
    slug: 'tipos-empresa',
    title: 'Tipos de empresa',
    singular: 'Tipo de empresa',
    hint: 'Papéis de uma empresa nos documentos: 1 importador, 2 fabricante, 3 interveniente.',
    readOnly: true,
    fields: [name('Nome', 60)],
  },
  person_type: {
    key: 'person_type',
    gender: 'm',
    path: '/v1/person_type',
    slug: 'tipos-pessoa',
    title: 'Tipos de pessoa',
    singular: 'Tipo de pessoa',
    hint: 'Pessoa física (CPF) ou jurídica (CNPJ).',
    readOnly: true,
    fields: [name('Nome', 60)],
  },
} as const satisfies Record<string, LookupDefinition>;

export type LookupKey = keyof typeof LOOKUPS;
export const LOOKUP_KEYS = Object.keys(LOOKUPS) as LookupKey[];

function fieldSchema(field: LookupField): z.ZodType {
  if (field.kind === 'boolean') return z.boolean().default(false);
  const max = field.max ?? 255;
  let text = z
    .string({ error: messages.field.required })
    .trim()
    .max(max, messages.field.tooLong(max))
    .transform((v) => (field.upper ? v.toUpperCase() : v));
  if (field.pattern) {
    const { regex, message } = field.pattern;
    text = text.refine((v) => v === '' || regex.test(v), message) as unknown as typeof text;
  }
  if (field.required) return text.refine((v) => v.length > 0, messages.field.required);
  // Optional means the key may be left out, sent as null or blank: all three store null.
  return z
    .union([text, z.null()])
    .optional()
    .transform((v) => (v ? v : null));
}

/** The zod input schema of a lookup, built from its fields. */
export function lookupInputSchema(def: LookupDefinition) {
  return z.object(Object.fromEntries(def.fields.map((f) => [f.name, fieldSchema(f)])));
}

export function lookupRowSchema(def: LookupDefinition) {
  const shape: Record<string, z.ZodType> = { id: z.number() };
  for (const f of def.fields) shape[f.name] = f.kind === 'boolean' ? z.boolean() : z.string().nullable();
  return z.object(shape);
}
export const lookupPageSchema = (def: LookupDefinition) => paginated(lookupRowSchema(def));
export const lookupListSchema = (def: LookupDefinition) => listOf(lookupRowSchema(def));
export type LookupRow = { id: number; [field: string]: string | boolean | number | null };

/**
 * Which measurement units weigh (issue 22: the weight fields offer only these). The table has no kind column, so the
 * kind is read from the code, the codes of the seeded list and the usual ones an administrator would add (KGM is
 * the UN/ECE code for kilogram). A unit whose code is not here is not offered for a weight, but a stored choice is
 * still shown.
 */
export const WEIGHT_UNIT_CODES: readonly string[] = [
  'KG',
  'KGM',
  'G',
  'GRM',
  'MG',
  'T',
  'TON',
  'TNE',
  'LB',
  'LBR',
];

export const isWeightUnit = (code: string | null | undefined): boolean =>
  code !== null && code !== undefined && WEIGHT_UNIT_CODES.includes(code.trim().toUpperCase());
