import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cloudSignatureProviders } from '../../db/schema';
import { seal, unseal } from '../../lib/sealed';

/** The providers registered on the screen (a handful: the PSCs an installation has contracts with). */

const columns = {
  id: cloudSignatureProviders.id,
  name: cloudSignatureProviders.name,
  base_url: cloudSignatureProviders.base_url,
  client_id: cloudSignatureProviders.client_id,
  updated_at: cloudSignatureProviders.updated_at,
};
export type ProviderRow = { id: number; name: string; base_url: string; client_id: string; updated_at: Date };

export function providerRows(db: Executor): Promise<ProviderRow[]> {
  return db
    .select(columns)
    .from(cloudSignatureProviders)
    .orderBy(asc(cloudSignatureProviders.name))
    .limit(200);
}

/** One provider (locked for a change when `lock`), without its secret. */
export async function findProvider(db: Executor, id: number, lock = false): Promise<ProviderRow | null> {
  const query = db.select(columns).from(cloudSignatureProviders).where(eq(cloudSignatureProviders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The providers' OAuth clients (one, or all), their secrets unsealed: only for calls to the providers. */
export async function providerClients(db: Executor, id?: number) {
  const rows = await db
    .select({ ...columns, client_secret: cloudSignatureProviders.client_secret })
    .from(cloudSignatureProviders)
    .where(id === undefined ? undefined : eq(cloudSignatureProviders.id, id))
    .orderBy(asc(cloudSignatureProviders.name))
    .limit(200);
  return rows.map((row) => ({ ...row, client_secret: unseal(row.client_secret) }));
}

/** Another provider's id with this name, compared without case (names pick a provider on the signing screen). */
export async function nameTaken(db: Executor, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: cloudSignatureProviders.id })
    .from(cloudSignatureProviders)
    .where(
      sql`lower(${cloudSignatureProviders.name}) = ${name.toLowerCase()}${exceptId === null ? sql`` : sql` and ${cloudSignatureProviders.id} <> ${exceptId}`}`,
    );
  return Boolean(row);
}

export async function insertProvider(
  db: Executor,
  values: { name: string; baseUrl: string; clientId: string; clientSecret: string; createdBy: number },
): Promise<ProviderRow> {
  const [row] = await db
    .insert(cloudSignatureProviders)
    .values({
      name: values.name,
      base_url: values.baseUrl,
      client_id: values.clientId,
      client_secret: seal(values.clientSecret),
      created_by: values.createdBy,
    })
    .returning(columns);
  if (!row) throw new Error('provedor não criado');
  return row;
}

export async function updateProvider(
  db: Executor,
  id: number,
  values: { name: string; baseUrl: string; clientId: string; clientSecret: string | null },
): Promise<ProviderRow> {
  const [row] = await db
    .update(cloudSignatureProviders)
    .set({
      name: values.name,
      base_url: values.baseUrl,
      client_id: values.clientId,
      ...(values.clientSecret ? { client_secret: seal(values.clientSecret) } : {}),
      updated_at: new Date(),
    })
    .where(eq(cloudSignatureProviders.id, id))
    .returning(columns);
  if (!row) throw new Error('provedor não alterado');
  return row;
}

export async function deleteProvider(db: Executor, id: number): Promise<void> {
  await db.delete(cloudSignatureProviders).where(eq(cloudSignatureProviders.id, id));
}
