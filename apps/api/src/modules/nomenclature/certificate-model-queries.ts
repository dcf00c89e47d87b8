import {
  CERTIFICATE_FIELDS,
  type CertificateLayout,
  type CertificateModel,
  type CertificateModelDealRow,
  type CertificateModelField,
  type CertificateModelSummary,
  certificateLayoutSchema,
  DEFAULT_CERTIFICATE_LAYOUT,
  defaultFieldLabel,
  FIELD_RULE_KEYS,
  type FieldRule,
} from '@origem/contract/schemas/nomenclature';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificateModels, deals, languages } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import { keysetOrder, likePattern, mapPage, type PageRequest, paginate } from '../../lib/paging';

const dealColumns = {
  deal_id: deals.id,
  deal_abbreviation: deals.abbreviation,
  deal_name: deals.name,
  deal_aladi_acronym: deals.aladi_acronym,
  deal_classification_type: deals.classification_type,
};
const modelColumns = {
  ...dealColumns,
  id: certificateModels.id,
  name: certificateModels.name,
  language_id: certificateModels.language_id,
  language_code: languages.code,
  language_name: languages.name,
  fields: certificateModels.fields,
  layout: certificateModels.layout,
  created_at: certificateModels.created_at,
  updated_at: certificateModels.updated_at,
};

type DealColumns = {
  deal_id: number;
  deal_abbreviation: string;
  deal_name: string;
  deal_aladi_acronym: string | null;
  deal_classification_type: string;
};
type ModelRow = DealColumns & {
  id: number;
  name: string;
  language_id: number | null;
  language_code: string | null;
  language_name: string | null;
  fields: Record<string, { rule: string; label: string }>;
  layout: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const toDeal = (row: DealColumns) => ({
  id: row.deal_id,
  abbreviation: row.deal_abbreviation,
  name: row.deal_name,
  aladi_acronym: row.deal_aladi_acronym,
  classification_type: row.deal_classification_type,
});

/**
 * The stored fields in catalogue order, every catalogue field present: a field added to the catalogue after a
 * model was saved shows up as NA with its default label, and a key the catalogue dropped is left out.
 */
function normalizeFields(
  stored: Record<string, { rule: string; label: string }> | null,
  languageCode: string | null,
): Record<string, CertificateModelField> {
  return Object.fromEntries(
    CERTIFICATE_FIELDS.map((f) => {
      const entry = stored?.[f.key];
      const rule = FIELD_RULE_KEYS.includes(entry?.rule as FieldRule) ? (entry?.rule as FieldRule) : 'NA';
      return [f.key, { rule, label: entry?.label ?? defaultFieldLabel(f, languageCode) }];
    }),
  );
}

function normalizeLayout(stored: Record<string, unknown> | null): CertificateLayout {
  const parsed = certificateLayoutSchema.safeParse({ ...DEFAULT_CERTIFICATE_LAYOUT, ...stored });
  return parsed.success ? parsed.data : DEFAULT_CERTIFICATE_LAYOUT;
}

function countRules(fields: Record<string, CertificateModelField>) {
  const counts = { M: 0, O: 0, NA: 0 };
  for (const entry of Object.values(fields)) counts[entry.rule] += 1;
  return counts;
}

function toModel(row: ModelRow): CertificateModel {
  const fields = normalizeFields(row.fields, row.language_code);
  return {
    id: row.id,
    deal_id: row.deal_id,
    deal: toDeal(row),
    name: row.name,
    language_id: row.language_id,
    language:
      row.language_id !== null && row.language_code !== null && row.language_name !== null
        ? { id: row.language_id, code: row.language_code, name: row.language_name }
        : null,
    fields,
    layout: normalizeLayout(row.layout),
    counts: countRules(fields),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toSummary(row: ModelRow): CertificateModelSummary {
  const { fields: _fields, layout: _layout, ...summary } = toModel(row);
  return summary;
}

function selectModels(db: Executor, where?: SQL) {
  return db
    .select(modelColumns)
    .from(certificateModels)
    .innerJoin(deals, eq(deals.id, certificateModels.deal_id))
    .leftJoin(languages, eq(languages.id, certificateModels.language_id))
    .where(where)
    .orderBy(asc(humanOrder(deals.abbreviation)));
}

export async function findModel(db: Executor, dealId: number): Promise<CertificateModel | null> {
  const [row] = await selectModels(db, eq(certificateModels.deal_id, dealId));
  return row ? toModel(row) : null;
}

export async function allModels(db: Executor): Promise<CertificateModelSummary[]> {
  return (await selectModels(db)).map(toSummary);
}

/** One row per deal (abbreviation order), with its model when it has one. */
export async function pageDeals(db: Executor, q: string | undefined, request: PageRequest) {
  const page = await paginate(db, request, {
    where: q
      ? sql`(${deals.abbreviation} ilike ${likePattern(q)} or ${deals.name} ilike ${likePattern(q)})`
      : undefined,
    order: keysetOrder(deals, 'asc', [humanOrder(deals.abbreviation)], deals.id),
    rows: (where) =>
      db
        .select({
          ...dealColumns,
          id: certificateModels.id,
          name: certificateModels.name,
          language_id: certificateModels.language_id,
          language_code: languages.code,
          language_name: languages.name,
          fields: certificateModels.fields,
          layout: certificateModels.layout,
          created_at: certificateModels.created_at,
          updated_at: certificateModels.updated_at,
        })
        .from(deals)
        .leftJoin(certificateModels, eq(certificateModels.deal_id, deals.id))
        .leftJoin(languages, eq(languages.id, certificateModels.language_id))
        .where(where)
        .$dynamic(),
    ids: (where) => db.select({ id: deals.id }).from(deals).where(where).$dynamic(),
  });
  return mapPage(page, (row): CertificateModelDealRow => {
    if (row.id === null) return { deal: toDeal(row), model: null };
    const { deal: _deal, ...model } = toSummary(row as ModelRow);
    return { deal: toDeal(row), model };
  });
}

export async function findDeal(db: Executor, dealId: number) {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId));
  return row ?? null;
}

export async function findLanguage(db: Executor, id: number) {
  const [row] = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.id, id));
  return row ?? null;
}

export type ModelValues = {
  name: string;
  language_id: number | null;
  fields: Record<string, CertificateModelField>;
  layout: CertificateLayout;
};

export async function insertModel(db: Executor, dealId: number, values: ModelValues): Promise<number> {
  const [row] = await db
    .insert(certificateModels)
    .values({ deal_id: dealId, ...values })
    .returning({ id: certificateModels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateModel(db: Executor, dealId: number, values: ModelValues): Promise<void> {
  await db.update(certificateModels).set(values).where(eq(certificateModels.deal_id, dealId));
}
