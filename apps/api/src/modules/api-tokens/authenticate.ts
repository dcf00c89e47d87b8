import { ErrorCode } from '@origem/contract/errors';
import { API_TOKEN_PREFIX, apiTokenMessages } from '@origem/contract/schemas/api-tokens';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Database, queryRows } from '../../db/client';
import { ACTOR_COLUMNS, type ActorColumns, actorOf } from '../../lib/actor';
import type { Actor, ApiTokenUse } from '../../lib/context';
import { AppError, forbidden, unauthenticated } from '../../lib/errors';
import { countHit } from '../../lib/rate-limit';
import { sha256 } from '../../lib/secrets';

export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

type TokenRow = ActorColumns & {
  token_id: number;
  token_name: string;
  scopes: string[];
  expired: boolean;
  revoked: boolean;
  user_ok: boolean;
};

export type ApiTokenAuthentication =
  | { refusal: null; actor: Actor; token: ApiTokenUse }
  | { refusal: AppError; actor?: undefined; token?: undefined };

const MINUTE_MS = 60_000;

/**
 * A personal API token as the request's actor: its user, with only the token's scopes that the user still holds
 * (a permission taken from the role leaves every token at once). Expired or revoked: 401; a management route: 403;
 * past API_TOKEN_RATE_LIMIT_PER_MINUTE calls in the minute: 429 (counted in the database, shared by instances).
 */
export async function authenticateApiToken(
  db: Database,
  config: Pick<Config, 'apiTokenRateLimitPerMinute'>,
  bearer: string,
  routeAcceptsTokens: boolean,
): Promise<ApiTokenAuthentication> {
  const [row] = await queryRows<TokenRow>(
    db,
    sql`select ${ACTOR_COLUMNS}, t.id as token_id, t.name as token_name, t.scopes,
               t.expires_at <= now() as expired, t.revoked_at is not null as revoked,
               (u.deleted_at is null and u.active) as user_ok
          from api_tokens t
          join users u on u.id = t.user_id
          join roles r on r.id = u.role_id
         where t.token_hash = ${sha256(bearer)}`,
  );
  if (!row?.user_ok) return { refusal: unauthenticated(apiTokenMessages.invalid) };
  if (row.revoked) return { refusal: unauthenticated(apiTokenMessages.revokedUse) };
  if (row.expired) return { refusal: unauthenticated(apiTokenMessages.expired) };
  if (!routeAcceptsTokens) return { refusal: forbidden(apiTokenMessages.notForManagement) };

  const { hits } = await countHit(db, `api-token:${row.token_id}`, MINUTE_MS);
  if (hits > config.apiTokenRateLimitPerMinute) {
    return { refusal: new AppError(429, ErrorCode.RateLimited, apiTokenMessages.rateLimited) };
  }
  await db.execute(
    sql`update api_tokens set last_used_at = now()
         where id = ${row.token_id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
  );
  const actor = actorOf(row, 0);
  const scopes = new Set(row.scopes);
  return {
    refusal: null,
    actor: { ...actor, permissions: new Set([...actor.permissions].filter((p) => scopes.has(p))) },
    token: { id: row.token_id, name: row.token_name },
  };
}
