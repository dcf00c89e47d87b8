import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { fileNamesUnder } from '../../test/files';
import { expectUnchanged } from '../../test/snapshot';

// Helpers shared by this module's API tests.

/** The app a nomenclature suite runs on (with the bundled NCM table when `ncm`), and the admin's and exporter's tokens. */
export async function openNomenclatureSuite(options: { ncm?: boolean } = {}) {
  const t = await createTestApp({}, { ncm: options.ncm ?? false });
  return { t, admin: await t.login('admin'), exporter: await t.login('exportador') };
}

/** A multipart/form-data body as a browser sends it: text fields and, optionally, one file part named `file`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer; type?: string },
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----origem${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a multipart request through the test app. */
export function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  form: ReturnType<typeof multipart>,
) {
  return t.request(method, url, { token, body: form.body, headers: form.headers });
}

/** How many blobs the app's file storage holds (under DATA_DIR/files). */
export function storedBlobs(t: TestApp): number {
  return fileNamesUnder(path.resolve(t.app.config.dataDir, 'files')).length;
}

/** Row counts (and a hash of the NCM table) that a refused mutation must leave as they were. */
export async function snapshot(t: TestApp) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select count(*)::int from ncm) as ncm,
               (select md5(coalesce(string_agg(code || description, '|' order by code), '')) from ncm) as ncm_hash,
               (select count(*)::int from ncm_references) as refs,
               (select md5(coalesce(string_agg(r.ncm_code || r.description, '|' order by r.id), '')) from ncm_references r) as refs_hash,
               (select count(*)::int from classification_lists) as lists,
               (select md5(coalesce(string_agg(l.name || l.rows_count, '|' order by l.id), '')) from classification_lists l) as lists_hash,
               (select count(*)::int from classification_items) as items,
               (select md5(coalesce(string_agg(i.ncm_code || i.code || i.description, '|' order by i.id), '')) from classification_items i) as items_hash,
               (select count(*)::int from stored_files) as files,
               (select count(*)::int from certificate_models) as models,
               (select md5(coalesce(string_agg(m.name || m.fields::text || m.layout::text, '|' order by m.id), '')) from certificate_models m) as models_hash,
               (select count(*)::int from audits) as audits`,
  );
  return { ...row, blobs: storedBlobs(t) };
}

export const expectNothingChanged = <T>(t: TestApp, action: () => Promise<T>): Promise<T> =>
  expectUnchanged(() => snapshot(t), action);
