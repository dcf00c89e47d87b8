import {
  IMPORT_COLUMN_HEADER,
  type ImportColumnKey,
  type ImportError,
  type ImportPreview,
  certificateImportMessages as text,
} from '@origem/contract/schemas/certificate-imports';
import { type CertificateInput, certificateInputSchema } from '@origem/contract/schemas/certificates';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  companies,
  countries,
  currencies,
  deals,
  exporters,
  legalRepresentatives,
  measurementUnits,
} from '../../db/schema';
import type { Actor } from '../../lib/context';
import { AppError, type FieldErrors } from '../../lib/errors';
import { type CheckMemo, checkCertificateInput } from '../certificates/checks';
import type { ImportRow } from './read-file';

/**
 * A group of rows (one certificate) checked the way the form's save checks it: the file's codes become the form's
 * ids (deal by acronym, units, currencies and countries by code, exporter by CNPJ, legal representative by CPF,
 * importer by name or tax id in the exporter's book), then `certificateInputSchema` and the save's own server
 * checks (`checkCertificateInput`) run — every refusal lands on the row and column it came from.
 */

export type Group = { key: string; rows: ImportRow[] };
export type CheckedGroup = {
  input: CertificateInput | null;
  errors: ImportError[];
  preview: ImportPreview;
};

const HEADER_COLUMNS: ImportColumnKey[] = [
  'exporter_cnpj',
  'deal',
  'representative_cpf',
  'importer',
  'importer_country',
  'currency',
  'invoice_number',
  'invoice_date',
];

/** The form's field → the file's column. */
const FIELD_COLUMN: Record<string, ImportColumnKey> = {
  exporter_id: 'exporter_cnpj',
  legal_representative_id: 'representative_cpf',
  deal_id: 'deal',
  company_importer_id: 'importer',
  currency_id: 'currency',
  invoice_number: 'invoice_number',
  invoice_date: 'invoice_date',
  declaration_id: 'declaration',
  description: 'description',
  ncm_description: 'description',
  quantity: 'quantity',
  measurement_unit_id: 'unit',
  gross_weight: 'gross_weight',
  net_weight: 'net_weight',
  fob_value_usd: 'fob_value_usd',
};

const digits = (value: string) => value.replace(/\D/g, '');
const lower = (value: string) => value.trim().toLowerCase();

/** DD/MM/AAAA or AAAA-MM-DD (a spreadsheet's date cell arrives as the latter) → AAAA-MM-DD; null otherwise. */
export function importDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (iso) return value.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!br) return null;
  return `${br[3]}-${(br[2] ?? '').padStart(2, '0')}-${(br[1] ?? '').padStart(2, '0')}`;
}

type Named = { id: number; name: string };
type Importer = Named & { country: string | null };

/** The lookups and records one import resolves again and again, loaded once or cached per value. */
export class ImportLookups {
  private codes: {
    deals: Map<string, Named>;
    units: Map<string, number>;
    currencies: Map<string, number>;
    countries: Set<string>;
  } | null = null;
  private readonly exportersByCnpj = new Map<string, Named | null>();
  private readonly exporterNames = new Map<number, string>();
  private readonly representatives = new Map<string, number | null>();
  private readonly importers = new Map<string, Importer | null>();
  private readonly answers = new Map<string, Promise<unknown>>();

  /**
   * The save's checks remembered for this import: its certificates mostly share exporter, deal, importer and
   * declarations, so each reference is looked up once per import rather than once per certificate.
   */
  readonly memo: CheckMemo = <T>(key: string, load: () => Promise<T>) => {
    let answer = this.answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = load();
      this.answers.set(key, answer);
    }
    return answer;
  };

  /**
   * For the creation, inside each certificate's transaction: the declarations are read afresh (one may have been
   * revoked or expired since the validation); the stable references come from the memo.
   */
  readonly freshCitations: CheckMemo = (key, load) =>
    key.startsWith('citable:') ? load() : this.memo(key, load);

  constructor(
    readonly db: Executor,
    readonly actor: Actor,
  ) {}

  async load() {
    if (this.codes) return this.codes;
    const [dealRows, unitRows, currencyRows, countryRows] = await Promise.all([
      this.db.select({ id: deals.id, code: deals.abbreviation, name: deals.name }).from(deals),
      this.db.select({ id: measurementUnits.id, code: measurementUnits.code }).from(measurementUnits),
      this.db.select({ id: currencies.id, code: currencies.code }).from(currencies),
      this.db.select({ code: countries.code }).from(countries),
    ]);
    this.codes = {
      deals: new Map(dealRows.map((d) => [lower(d.code), { id: d.id, name: d.code }])),
      units: new Map(unitRows.map((u) => [lower(u.code), u.id])),
      currencies: new Map(currencyRows.map((c) => [lower(c.code), c.id])),
      countries: new Set(countryRows.map((c) => lower(c.code))),
    };
    return this.codes;
  }

  /** The exporter the rows are for: an exporter's user always its own; others name it by CNPJ. */
  async exporter(cnpj: string | undefined): Promise<Named | null> {
    if (this.actor.roleType === 'exportador') {
      const id = this.actor.exporterId;
      if (!id) return null;
      return { id, name: await this.exporterName(id) };
    }
    const key = digits(cnpj ?? '');
    if (!key) return null;
    if (!this.exportersByCnpj.has(key)) {
      const [row] = await this.db
        .select({ id: exporters.id, name: exporters.name })
        .from(exporters)
        .where(eq(exporters.cnpj, key))
        .limit(1);
      this.exportersByCnpj.set(key, row ?? null);
    }
    return this.exportersByCnpj.get(key) ?? null;
  }

  private async exporterName(id: number): Promise<string> {
    let name = this.exporterNames.get(id);
    if (name === undefined) {
      const [row] = await this.db
        .select({ name: exporters.name })
        .from(exporters)
        .where(eq(exporters.id, id));
      name = row?.name ?? '';
      this.exporterNames.set(id, name);
    }
    return name;
  }

  async representative(exporterId: number, cpf: string): Promise<number | null> {
    const key = `${exporterId}:${digits(cpf)}`;
    if (!this.representatives.has(key)) {
      const [row] = await this.db
        .select({ id: legalRepresentatives.id })
        .from(legalRepresentatives)
        .where(
          and(
            eq(legalRepresentatives.exporter_id, exporterId),
            eq(legalRepresentatives.cpf, digits(cpf)),
            isNull(legalRepresentatives.deleted_at),
          ),
        )
        .limit(1);
      this.representatives.set(key, row?.id ?? null);
    }
    return this.representatives.get(key) ?? null;
  }

  /** An importer of the exporter's book (or the acting dispatcher's) by corporate name, CNPJ or foreign tax id. */
  async importer(exporterId: number, value: string): Promise<Importer | null> {
    const key = `${exporterId}:${lower(value)}`;
    if (!this.importers.has(key)) {
      const dispatcherId = this.actor.roleType === 'despachante' ? this.actor.dispatcherId : null;
      const taxId = digits(value);
      const [row] = await this.db
        .select({ id: companies.id, name: companies.corporate_name, country: countries.code })
        .from(companies)
        .leftJoin(countries, eq(countries.id, companies.country_id))
        .where(
          and(
            eq(companies.company_type_id, 1),
            or(
              eq(companies.exporter_id, exporterId),
              dispatcherId ? eq(companies.dispatcher_id, dispatcherId) : undefined,
            ),
            or(
              sql`lower(${companies.corporate_name}) = ${lower(value)}`,
              eq(companies.foreign_tax_id, value.trim()),
              taxId.length === 14 ? eq(companies.cnpj, taxId) : undefined,
            ),
          ),
        )
        .orderBy(companies.id)
        .limit(1);
      this.importers.set(key, row ?? null);
    }
    return this.importers.get(key) ?? null;
  }
}

/** Collects errors, one per row and column (the first found is the one the user needs). */
class Errors {
  readonly list: ImportError[] = [];
  private readonly seen = new Set<string>();
  add(row: number, column: ImportColumnKey | null, message: string) {
    const key = `${row}:${column ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ row, column: column ? IMPORT_COLUMN_HEADER[column] : null, message });
  }
  has(row: number, column: ImportColumnKey) {
    return this.seen.has(`${row}:${column}`);
  }
}

/**
 * Checks one certificate's rows. `serverChecks: false` stops after the file's own checks and the schema: the
 * creation runs the save's checks itself, inside its transaction (createDraft).
 */
export async function checkGroup(
  lookups: ImportLookups,
  group: Group,
  serverChecks = true,
): Promise<CheckedGroup> {
  const codes = await lookups.load();
  const errors = new Errors();
  const [first, ...rest] = group.rows as [ImportRow, ...ImportRow[]];
  const head = first.cells;
  for (const row of rest) {
    for (const column of HEADER_COLUMNS) {
      if ((row.cells[column] ?? '').trim().toLowerCase() !== (head[column] ?? '').trim().toLowerCase()) {
        errors.add(row.line, column, text.differsFromFirst(first.line));
      }
    }
  }
  const required = (column: ImportColumnKey): string | null => {
    const value = head[column];
    if (!value) errors.add(first.line, column, text.required);
    return value ?? null;
  };

  const exporter = await lookups.exporter(head.exporter_cnpj);
  if (!exporter) {
    errors.add(
      first.line,
      'exporter_cnpj',
      head.exporter_cnpj ? text.exporterNotFound : text.exporterRequired,
    );
  }
  const dealCode = required('deal');
  const deal = dealCode ? codes.deals.get(lower(dealCode)) : undefined;
  if (dealCode && !deal) errors.add(first.line, 'deal', text.unknownCode('Acordo', dealCode));
  const cpf = required('representative_cpf');
  const representative = exporter && cpf ? await lookups.representative(exporter.id, cpf) : null;
  if (exporter && cpf && !representative) {
    errors.add(first.line, 'representative_cpf', text.representativeNotFound);
  }
  const importerText = required('importer');
  const importer = exporter && importerText ? await lookups.importer(exporter.id, importerText) : null;
  if (exporter && importerText && !importer) errors.add(first.line, 'importer', text.importerNotFound);
  const country = head.importer_country;
  if (country && !codes.countries.has(lower(country))) {
    errors.add(first.line, 'importer_country', text.unknownCode('País', country));
  } else if (country && importer && lower(importer.country ?? '') !== lower(country)) {
    errors.add(first.line, 'importer_country', text.importerCountry(country.toUpperCase()));
  }
  const currencyCode = head.currency;
  const currency = currencyCode ? codes.currencies.get(lower(currencyCode)) : undefined;
  if (currencyCode && !currency) errors.add(first.line, 'currency', text.unknownCode('Moeda', currencyCode));
  const rawDate = required('invoice_date');
  const invoiceDate = rawDate ? importDate(rawDate) : null;
  if (rawDate && !invoiceDate) errors.add(first.line, 'invoice_date', text.dateFormat);

  const items = group.rows.map((row) => {
    const c = row.cells;
    const declaration = c.declaration ? digits(c.declaration) : '';
    if (!c.declaration) errors.add(row.line, 'declaration', text.required);
    else if (declaration !== c.declaration.trim() || declaration.length > 9) {
      errors.add(row.line, 'declaration', text.declarationId);
    }
    const unit = c.unit ? codes.units.get(lower(c.unit)) : undefined;
    if (c.unit && !unit) errors.add(row.line, 'unit', text.unknownCode('Unidade', c.unit));
    if (c.ncm && !/^\d{8}$/.test(c.ncm.replace(/[.\s]/g, ''))) errors.add(row.line, 'ncm', text.ncmDigits);
    return {
      declaration_id: declaration ? Number(declaration) : undefined,
      description: c.description ?? null,
      quantity: c.quantity,
      measurement_unit_id: unit ?? null,
      gross_weight: c.gross_weight,
      net_weight: c.net_weight,
      fob_value_usd: c.fob_value_usd,
    };
  });

  const draft = {
    exporter_id: exporter?.id ?? null,
    legal_representative_id: representative ?? undefined,
    deal_id: deal?.id,
    company_importer_id: importer?.id,
    currency_id: currency ?? null,
    invoice_number: head.invoice_number,
    invoice_date: invoiceDate ?? undefined,
    observations: null,
    items,
  };
  const lineOf = (path: readonly PropertyKey[]) =>
    path[0] === 'items' && typeof path[1] === 'number'
      ? (group.rows[path[1]]?.line ?? first.line)
      : first.line;
  const columnOf = (path: readonly PropertyKey[]): ImportColumnKey | null => {
    const field = String(path[0] === 'items' ? path[2] : path[0]);
    return FIELD_COLUMN[field] ?? null;
  };
  const parsed = certificateInputSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path);
      const line = lineOf(issue.path);
      // A reference the file's own checks already refused is not refused twice, nor one that could not be looked
      // up for want of an exporter.
      if (column && errors.has(line, column)) continue;
      if (!exporter && (column === 'representative_cpf' || column === 'importer')) continue;
      errors.add(line, column, issue.message);
    }
  }

  let input: CertificateInput | null = parsed.success && errors.list.length === 0 ? parsed.data : null;
  if (input && serverChecks) {
    const fieldErrors = await serverErrors(lookups, input);
    if ('errors' in fieldErrors) {
      for (const [field, messages] of Object.entries(fieldErrors.errors)) {
        const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        for (const message of messages) errors.add(lineOf(path), columnOf(path), message);
      }
      input = null;
    } else {
      fieldErrors.ncms.forEach((ncm, i) => {
        const row = group.rows[i];
        const given = row?.cells.ncm?.replace(/[.\s]/g, '');
        if (row && given && given !== ncm) errors.add(row.line, 'ncm', text.ncmMismatch(ncm));
      });
      if (errors.list.length > 0) input = null;
    }
  }

  return {
    input,
    errors: errors.list,
    preview: {
      group: group.key,
      exporter: exporter?.name ?? null,
      deal: deal?.name ?? null,
      importer: importer?.name ?? null,
      invoice_number: head.invoice_number ?? null,
      invoice_date: invoiceDate,
      rows: group.rows.map((row) => row.line),
      items: group.rows.length,
      valid: input !== null,
    },
  };
}

/** The save's server checks; an exporter out of the actor's scope comes back as that column's refusal. */
async function serverErrors(
  lookups: ImportLookups,
  input: CertificateInput,
): Promise<{ errors: FieldErrors } | { ncms: string[] }> {
  const { actor } = lookups;
  const dispatcherId = actor.roleType === 'despachante' ? actor.dispatcherId : null;
  try {
    const checked = await checkCertificateInput(lookups.db, actor, input, dispatcherId, lookups.memo);
    if ('errors' in checked) return checked;
    return { ncms: checked.items.map((item) => item.ncm) };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return { errors: { exporter_id: [text.exporterNotFound] } };
  }
}
