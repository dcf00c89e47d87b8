import type { NcmRow } from '@origem/contract/schemas/nomenclature';
import { and, asc, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { classificationItems, classificationLists, ncm, ncmReferences } from '../../db/schema';
import { type PageRequest, paginate, plainOrder } from '../../lib/paging';
import type { NcmTableRow } from './ncm-table';

const rowColumns = {
  code: ncm.code,
  description: ncm.description,
  parent_code: ncm.parent_code,
  main_parent: ncm.main_parent,
  level: ncm.level,
  leaf: ncm.leaf,
};

/**
 * The first code after every code that starts with `prefix` ('8408' → '8409', '0199' → '02'), or null when
 * nothing follows ('99'). Codes are digits only, so this range is the prefix in any collation and the primary
 * key's index serves it.
 */
export function prefixUpperBound(prefix: string): string | null {
  const trimmed = prefix.replace(/9+$/, '');
  if (trimmed === '') return null;
  const last = Number(trimmed.at(-1));
  return `${trimmed.slice(0, -1)}${last + 1}`;
}

// Accent- and case-insensitive matching without the unaccent extension (PGlite has none). Folding every row
// with translate() costs ~8x a plain ILIKE on PGlite; a regex whose letters are accent classes costs the same as
// ILIKE, and `~*` handles the ASCII case while the classes carry both cases of the accented letters.
const ACCENT_CLASSES: Readonly<Record<string, string>> = {
  a: 'aáàâãäAÁÀÂÃÄ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôõöOÓÒÔÕÖ',
  u: 'uúùûüUÚÙÛÜ',
  c: 'cçCÇ',
  n: 'nñNÑ',
};

/** 'Açúcar' → '[aá…][cç][uú…][cç][aá…]r': matches the word with or without accents, in any case. */
export function accentInsensitivePattern(word: string): string {
  const base = word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  return [...base]
    .map((ch) => {
      const group = ACCENT_CLASSES[ch];
      return group ? `[${group}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/[\s.-]/g, '');
  if (/^\d+$/.test(digits)) {
    const upper = prefixUpperBound(digits);
    return and(gte(ncm.code, digits), upper ? lt(ncm.code, upper) : undefined);
  }
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return and(...words.map((word) => sql`${ncm.description} ~* ${accentInsensitivePattern(word)}`));
}

/** By code; the code is the key (not a numeric id), so pages are offsets over ncm's primary key. */
export async function searchNcm(db: Executor, q: string | undefined, request: PageRequest) {
  return paginate(db, request, {
    where: searchCondition(q),
    order: plainOrder(asc(ncm.code)),
    rows: (where) => db.select(rowColumns).from(ncm).where(where).$dynamic(),
    ids: (where) => db.select({ id: ncm.code }).from(ncm).where(where).$dynamic(),
  });
}

export async function findNcm(db: Executor, code: string): Promise<NcmRow | null> {
  const [row] = await db.select(rowColumns).from(ncm).where(eq(ncm.code, code));
  return row ?? null;
}

/** The code and every ancestor, following parent_code up to the chapter; chapter first. */
export async function ncmChain(db: Executor, code: string) {
  const rows = await queryRows<{ code: string; description: string; level: number; depth: number }>(
    db,
    sql`
    with recursive chain as (
      select code, parent_code, description, level, 0 as depth from ${ncm} where code = ${code}
      union all
      select n.code, n.parent_code, n.description, n.level, c.depth + 1
        from ${ncm} n join chain c on n.code = c.parent_code
       where c.depth < 10
    )
    select code, description, level, depth from chain order by depth desc`,
  );
  return rows.map((r) => ({ code: r.code, description: r.description, level: Number(r.level) }));
}

/** The code's entries in the classification lists (NALADI/SH…), by type. */
export async function classificationCodes(db: Executor, code: string) {
  return db
    .select({
      classification_type: classificationLists.classification_type,
      code: classificationItems.code,
      description: classificationItems.description,
    })
    .from(classificationItems)
    .innerJoin(classificationLists, eq(classificationLists.id, classificationItems.list_id))
    .where(eq(classificationItems.ncm_code, code))
    .orderBy(asc(classificationLists.classification_type));
}

export async function countNcm(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ncm);
  return row?.n ?? 0;
}

export async function hasNcm(db: Executor): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${ncm} limit 1`);
  return rows.length > 0;
}

/** Every complete (8-digit) code, for checking uploaded lists in memory. */
export async function completeCodes(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ code: ncm.code }).from(ncm).where(sql`length(${ncm.code}) = 8`);
  return new Set(rows.map((r) => r.code));
}

export async function deleteAllNcm(db: Executor): Promise<void> {
  await db.delete(ncm);
}

// One statement per batch, the rows travelling as a single JSON parameter: a few round trips for 14,569 rows
// instead of one per row or a statement with 87,000 parameters.
const INSERT_BATCH = 5000;

export async function insertNcmRows(db: Executor, rows: readonly NcmTableRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + INSERT_BATCH));
    await db.execute(sql`
      insert into ${ncm} (code, parent_code, main_parent, description, level, leaf)
      select code, parent_code, main_parent, description, level, leaf
        from json_to_recordset(${batch}::json)
          as r(code varchar, parent_code varchar, main_parent varchar, description text, level int, leaf boolean)`);
  }
}

export async function findReference(db: Executor, code: string) {
  const [row] = await db.select().from(ncmReferences).where(eq(ncmReferences.ncm_code, code));
  return row ?? null;
}

/** Insert or replace the description of an NCM; one statement, so two saves at once cannot collide. */
export async function upsertReference(db: Executor, code: string, description: string, userId: number) {
  const [row] = await db
    .insert(ncmReferences)
    .values({ ncm_code: code, description, created_by: userId })
    .onConflictDoUpdate({
      target: ncmReferences.ncm_code,
      set: { description, updated_at: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  return row;
}
