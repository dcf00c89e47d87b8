import { ErrorCode } from '@origem/contract/errors';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from '@origem/contract/permissions';
import {
  type AdminApiTokenListQuery,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  type ApiTokenCreate,
  apiTokenMessages,
  scopeLabel,
  tokenScopesFor,
} from '@origem/contract/schemas/api-tokens';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { clearHits, countHit } from '../../lib/rate-limit';
import { randomToken, sha256, verifyPassword } from '../../lib/secrets';
import { confirmSecondFactor, hasSecondFactor } from '../auth/mfa-service';
import * as q from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
// The same budget as a password change: five wrong confirmations in 15 minutes, then 429.
const CONFIRM_WINDOW_MS = 15 * 60 * 1000;
const CONFIRM_ATTEMPTS = 5;

/** The scopes the actor may give a token now, with their Portuguese labels; whether creating asks for a code. */
export async function availableScopes(db: Database, actor: Actor) {
  return {
    second_factor: await hasSecondFactor(db, actor.id),
    data: tokenScopesFor(actor.permissions).map((name) => ({
      name,
      label: scopeLabel(name),
      group: PERMISSION_GROUPS[PERMISSIONS[name as Permission].group],
    })),
  };
}

export async function listOwnTokens(db: Database, actor: Actor) {
  return { data: await q.userTokens(db, actor.id) };
}

/** The end of `day` in Brasília (UTC−3): a token "valid until 31/12" works through that whole day. */
function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999-03:00`);
}

/** A fresh confirmation: the user's password again, with guesses counted like a password change's. */
async function confirmPassword(db: Database, actor: Actor, password: string): Promise<void> {
  const key = `confirm_password:${actor.id}`;
  const { hits } = await countHit(db, key, CONFIRM_WINDOW_MS);
  if (hits > CONFIRM_ATTEMPTS) {
    throw new AppError(429, ErrorCode.RateLimited, 'Muitas tentativas de senha. Aguarde 15 minutos.');
  }
  if (!(await verifyPassword(await q.passwordHashOf(db, actor.id), password))) {
    throw fieldError('password', apiTokenMessages.wrongPassword);
  }
  await clearHits(db, key);
}

/** Creates a token (shown once in the answer, stored as its SHA-256) with scopes the user holds now. */
export async function createToken(db: Database, ctx: ServiceContext, actor: Actor, input: ApiTokenCreate) {
  const allowed = new Set<string>(tokenScopesFor(actor.permissions));
  const scopes = [...new Set(input.scopes)];
  if (scopes.some((scope) => !allowed.has(scope))) throw fieldError('scopes', apiTokenMessages.scopeNotHeld);
  const expiresAt = endOfDay(input.expires_on);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) {
    throw fieldError('expires_on', apiTokenMessages.expiryPast);
  }
  if (expiresAt.getTime() > Date.now() + (API_TOKEN_MAX_DAYS + 1) * DAY_MS) {
    throw fieldError('expires_on', apiTokenMessages.expiryTooFar);
  }
  await confirmPassword(db, actor, input.password);
  await confirmSecondFactor(db, ctx, actor, input.code);
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  const created = await db.transaction(async (tx) => {
    const row = await q.insertToken(tx, {
      userId: actor.id,
      name: input.name,
      hash: sha256(token),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
      scopes,
      expiresAt,
    });
    await recordAudit(tx, ctx, {
      event: 'created',
      type: 'api_token',
      id: row.id,
      new: { name: row.name, scopes: row.scopes, expires_at: row.expires_at },
    });
    return row;
  });
  return { token, api_token: created, message: apiTokenMessages.created };
}

/** Revokes a token of the actor (`own`) or, for an administrator, anyone's; audited in the same transaction. */
export async function revokeToken(db: Database, ctx: ServiceContext, actor: Actor, id: number, own: boolean) {
  if (!own) requireAdministrator(actor);
  await db.transaction(async (tx) => {
    const row = await q.lockToken(tx, id, own ? actor.id : null);
    if (!row) throw notFound();
    if (row.revoked_at) throw conflict(apiTokenMessages.alreadyRevoked);
    await q.markRevoked(tx, id, actor.id);
    await recordAudit(tx, ctx, {
      event: 'revoked',
      type: 'api_token',
      id,
      new: { name: row.name, user_id: row.user_id },
    });
  });
  return { message: apiTokenMessages.revoked };
}

/** Every user's tokens: the platform administrator's alone (an association's user manager sees its own users only). */
export function listAllTokens(db: Database, actor: Actor, query: AdminApiTokenListQuery) {
  requireAdministrator(actor);
  return q.pageAllTokens(db, query);
}

function requireAdministrator(actor: Actor): void {
  if (actor.roleType !== 'admin') throw forbidden();
}
