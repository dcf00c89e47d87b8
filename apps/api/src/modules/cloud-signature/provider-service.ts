import {
  CLOUD_SIGNATURE_CALLBACK_PATH,
  type CloudProvider,
  type CloudProviderCreate,
  type CloudProviderList,
  type CloudProviderSaved,
  type CloudProviderUpdate,
  normalizedProviderUrl,
  providerUrlProblem,
  cloudSignatureMessages as text,
} from '@origem/contract/schemas/cloud-signature';
import type { CloudProviderSetting, Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import * as q from './provider-queries';
import type { ProviderEndpoint } from './psc-client';

/**
 * The cloud signature providers (issue 38) as settings: the ones the administrator registers on the screen (rows,
 * the secret sealed) and the ones the operator lists in CLOUD_SIGNATURE_PROVIDERS (read-only there). Nothing about a
 * provider is in the code: its name, `/v0` base and OAuth client come from one of the two.
 */

type Settings = Pick<Config, 'appUrl' | 'cloudSignature'>;
const AUDIT_TYPE = 'cloud_signature_provider';

/** A provider as the signing calls name it: `id:<n>` for a row, `env:<name>` for the setting's. */
export type KeyedProvider = ProviderEndpoint & { key: string };

/** The address every provider must have registered as this installation's redirect URI. */
export const callbackUrl = (config: Pick<Config, 'appUrl'>) =>
  `${config.appUrl}${CLOUD_SIGNATURE_CALLBACK_PATH}`;

const envKey = (setting: CloudProviderSetting) => `env:${setting.name}`;

function requireAdministrator(actor: Actor): void {
  // The permission may be granted to other roles on the roles screen; the providers stay the platform's.
  if (actor.roleType !== 'admin') throw forbidden(text.adminOnly);
}

const rowView = (row: q.ProviderRow): CloudProvider => ({
  key: `id:${row.id}`,
  id: row.id,
  name: row.name,
  base_url: row.base_url,
  client_id: row.client_id,
  source: 'screen',
  updated_at: row.updated_at.toISOString(),
});

const settingView = (setting: CloudProviderSetting): CloudProvider => ({
  key: envKey(setting),
  id: null,
  name: setting.name,
  base_url: setting.baseUrl,
  client_id: setting.clientId,
  source: 'environment',
  updated_at: null,
});

/** GET: the operator's providers, then the screen's, and the redirect URI to register with them. */
export async function listProviders(
  db: Database,
  actor: Actor,
  config: Settings,
): Promise<CloudProviderList> {
  requireAdministrator(actor);
  return {
    data: [...config.cloudSignature.providers.map(settingView), ...(await q.providerRows(db)).map(rowView)],
    callback_url: callbackUrl(config),
  };
}

/** The screen's checks: an address the server may call, a name no other provider has (rows or setting). */
async function checkInput(
  db: Executor,
  config: Settings,
  input: { name: string; base_url: string },
  exceptId: number | null,
): Promise<void> {
  const problem = providerUrlProblem(input.base_url, config.cloudSignature.allowHttp);
  if (problem) throw fieldError('base_url', problem);
  const name = input.name.toLowerCase();
  if (
    config.cloudSignature.providers.some((p) => p.name.toLowerCase() === name) ||
    (await q.nameTaken(db, input.name, exceptId))
  ) {
    throw fieldError('name', text.duplicateName);
  }
}

export async function createProvider(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  config: Settings,
  input: CloudProviderCreate,
): Promise<CloudProviderSaved> {
  requireAdministrator(actor);
  const row = await db.transaction(async (tx) => {
    await checkInput(tx, config, input, null);
    const created = await q.insertProvider(tx, {
      name: input.name,
      baseUrl: normalizedProviderUrl(input.base_url),
      clientId: input.client_id,
      clientSecret: input.client_secret,
      createdBy: actor.id,
    });
    await recordAudit(tx, ctx, {
      event: 'created',
      type: AUDIT_TYPE,
      id: created.id,
      new: { name: created.name, base_url: created.base_url, client_id: created.client_id },
    });
    return created;
  });
  return { provider: rowView(row), message: text.created };
}

export async function updateProvider(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  config: Settings,
  id: number,
  input: CloudProviderUpdate,
): Promise<CloudProviderSaved> {
  requireAdministrator(actor);
  const row = await db.transaction(async (tx) => {
    const before = await q.findProvider(tx, id, true);
    if (!before) throw notFound();
    await checkInput(tx, config, input, id);
    const after = await q.updateProvider(tx, id, {
      name: input.name,
      baseUrl: normalizedProviderUrl(input.base_url),
      clientId: input.client_id,
      clientSecret: input.client_secret,
    });
    const shown = (r: q.ProviderRow) => ({ name: r.name, base_url: r.base_url, client_id: r.client_id });
    await recordAudit(tx, ctx, {
      event: 'updated',
      type: AUDIT_TYPE,
      id,
      old: shown(before),
      // The secret's value never reaches the trail; that it changed does.
      new: { ...shown(after), ...(input.client_secret ? { credentials_replaced: true } : {}) },
    });
    return after;
  });
  return { provider: rowView(row), message: text.updated };
}

export async function deleteProvider(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<{ message: string }> {
  requireAdministrator(actor);
  await db.transaction(async (tx) => {
    const before = await q.findProvider(tx, id, true);
    if (!before) throw notFound();
    await q.deleteProvider(tx, id);
    await recordAudit(tx, ctx, { event: 'deleted', type: AUDIT_TYPE, id, old: { name: before.name } });
  });
  return { message: text.deleted };
}

const endpointOfSetting = (setting: CloudProviderSetting): KeyedProvider => ({
  key: envKey(setting),
  name: setting.name,
  baseUrl: setting.baseUrl,
  clientId: setting.clientId,
  clientSecret: setting.clientSecret,
});

const endpointOfRow = (row: Awaited<ReturnType<typeof q.providerClients>>[number]): KeyedProvider => ({
  key: `id:${row.id}`,
  name: row.name,
  baseUrl: row.base_url,
  clientId: row.client_id,
  clientSecret: row.client_secret,
});

/** Every provider a signer may pick, with what a call to it needs (the secrets unsealed, in memory only). */
export async function signingProviders(db: Executor, config: Settings): Promise<KeyedProvider[]> {
  return [
    ...config.cloudSignature.providers.map(endpointOfSetting),
    ...(await q.providerClients(db)).map(endpointOfRow),
  ];
}

/** The provider a key names, or null when it is no longer configured. */
export async function providerByKey(
  db: Executor,
  config: Settings,
  key: string,
): Promise<KeyedProvider | null> {
  if (key.startsWith('env:')) {
    const setting = config.cloudSignature.providers.find((p) => envKey(p) === key);
    return setting ? endpointOfSetting(setting) : null;
  }
  const id = /^id:(\d{1,9})$/.exec(key)?.[1];
  const [row] = id ? await q.providerClients(db, Number(id)) : [];
  return row ? endpointOfRow(row) : null;
}
