import path from 'node:path';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  audits,
  confederations,
  exporters,
  federations,
  permissions,
  rolePermissions,
  roles,
  tradeAssociations,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import { fileNamesUnder } from '../../test/files';
import { expectUnchanged, tableDigests } from '../../test/snapshot';

/** Test support for the entity suites: file bytes, the blobs on disk, and "nothing changed" snapshots. */

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(96, 7),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(96, 9)]);
/** A Windows executable renamed to logo.png. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90), Buffer.from([0x00])]);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#036"/></svg>',
);

export const png = (filename = 'logo.png') => ({ filename, content: PNG, contentType: 'image/png' });
export const jpeg = (filename = 'logo.jpg') => ({ filename, content: JPEG, contentType: 'image/jpeg' });
export const exe = (filename = 'logo.png') => ({ filename, content: EXE, contentType: 'image/png' });

/** Valid CNPJs: numeric, and alphanumeric (letters allowed in the first 12 characters since July 2026). */
export const CNPJ = withCheckDigits('112223330001');
export const CNPJ_ALNUM = withCheckDigits('12ABC34501DE');
export const maskCnpj = (cnpj: string) =>
  cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5');
/** The same digits with a wrong last check digit. */
export const badCnpj = (cnpj: string) => `${cnpj.slice(0, 13)}${(Number(cnpj.slice(13)) + 1) % 10}`;

/** The storage keys of every blob under DATA_DIR/files. */
export function storedBlobs(t: TestApp): string[] {
  return fileNamesUnder(path.join(t.app.config.dataDir, 'files'));
}

/** The audit count, the rows of `tables` and the stored files (rows and blobs): what a refused mutation must leave. */
export async function recordsAndFiles(t: TestApp, tables: readonly string[]) {
  return { ...(await tableDigests(t.db, [...tables, 'stored_files'])), blobs: storedBlobs(t) };
}

/** Everything a refused mutation must leave alone: the hierarchy, fees, users, files (rows and blobs), audits. */
export const snapshot = (t: TestApp) =>
  recordsAndFiles(t, [
    'confederations',
    'federations',
    'trade_associations',
    'trade_association_fees',
    'users',
  ]);

export const expectNothingChanged = <T>(t: TestApp, action: () => Promise<T>): Promise<T> =>
  expectUnchanged(() => snapshot(t), action);

/** A DELETE refused because records still belong to the entity: 409 with `message`, and nothing changed. */
export async function expectDeleteRefused(
  t: TestApp,
  url: string,
  token: string | undefined,
  message: string,
): Promise<void> {
  const res = await expectNothingChanged(t, () => t.request('DELETE', url, { token }));
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code: 'Conflict', message });
}

export async function auditEvents(t: TestApp, type: string, id: number) {
  return t.db
    .select()
    .from(audits)
    .where(and(eq(audits.auditable_type, type), eq(audits.auditable_id, id)))
    .orderBy(audits.id);
}

export async function lastAudit(t: TestApp, type: string, id: number) {
  const [row] = await t.db
    .select()
    .from(audits)
    .where(and(eq(audits.auditable_type, type), eq(audits.auditable_id, id)))
    .orderBy(desc(audits.id))
    .limit(1);
  return row;
}

/** Gives a seeded role a permission it lacks by default (e.g. `entity.manage` for `federacao`). */
export async function grant(t: TestApp, roleName: string, permission: string): Promise<void> {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  const [perm] = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, permission));
  if (!role || !perm) throw new Error(`${roleName} / ${permission} não semeados`);
  await t.db
    .insert(rolePermissions)
    .values({ role_id: role.id, permission_id: perm.id })
    .onConflictDoNothing();
}

/** The seeded hierarchy's confederation (CNCE), federation (FACESP) and trade association (Santos). */
export async function seededHierarchy(t: TestApp) {
  const first = async (table: typeof confederations | typeof federations | typeof tradeAssociations) =>
    (await t.db.select({ id: table.id }).from(table))[0]?.id ?? 0;
  return {
    cnce: await first(confederations),
    facesp: await first(federations),
    santos: await first(tradeAssociations),
  };
}

/** A second confederation (CACB), outside the seeded branch of the hierarchy. */
export async function insertOtherConfederation(t: TestApp): Promise<number> {
  const [other] = await t.db
    .insert(confederations)
    .values({ name: 'Confederação das Associações Comerciais do Brasil', abbreviation: 'CACB' })
    .returning({ id: confederations.id });
  return other?.id ?? 0;
}

/** A second federation (FCRJ), outside the seeded one: someone out of a FACESP user's reach. */
export async function insertRioFederation(
  t: TestApp,
  values: { confederation_id?: number } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(federations)
    .values({ name: 'Federação do Comércio do Rio de Janeiro', abbreviation: 'FCRJ', ...values })
    .returning({ id: federations.id });
  return row?.id ?? 0;
}

/** A legal-entity exporter (CNPJ `cnpjBase` with its check digits) at `tradeAssociationId`, written straight to the table. */
export async function insertExporter(t: TestApp, name: string, cnpjBase: string, tradeAssociationId: number) {
  const [row] = await t.db
    .insert(exporters)
    .values({
      person_type_id: 2,
      cnpj: withCheckDigits(cnpjBase),
      name,
      trade_association_id: tradeAssociationId,
    })
    .returning({ id: exporters.id });
  if (!row) throw new Error('exportador não criado');
  return row.id;
}
