import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { Permission } from '@origem/contract/permissions';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findActorByToken } from '../lib/actor';
import type { Actor, ServiceContext } from '../lib/context';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { authenticateApiToken, isApiToken } from '../modules/api-tokens/authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. Every route must say `public: true` or name the permission it requires. */
    public?: boolean;
    /** The permission required, or any one of a list. */
    permission?: Permission | readonly Permission[] | 'authenticated';
    /** A mutation that writes no audit row on purpose (e.g. it only reads). */
    audit?: false;
    /** Reachable by an enrolment-only session (a second factor to set up before anything else). */
    mfaEnrollment?: true;
    /**
     * false: personal API tokens are refused here (403). Set by the plugin on user, role and token management;
     * a route may set it too.
     */
    apiToken?: false;
    /**
     * Set by the plugin outside the API (probes, static files, the API reference): nothing there reads who calls,
     * so a token sent along is not looked up (a query per request for nothing, issue 39).
     */
    anonymous?: true;
  }
  interface FastifyRequest {
    actor: Actor | null;
    ctx: ServiceContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

/**
 * Default-deny: an API route (/v1, /v2) that declares neither `public` nor `permission` fails at start-up, so no
 * endpoint can be added without deciding who may call it.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('ctx', null as unknown as ServiceContext);

  app.addHook('onRoute', (route) => {
    // Outside the API (the SPA's static files, the API reference) everything is public content.
    if (!/^\/(v1|v2)\//.test(route.url) && !route.config?.permission) {
      route.config = { ...route.config, public: true, anonymous: true };
      return;
    }
    if (isManagementRoute(route.url, route.config?.permission)) {
      route.config = { ...route.config, apiToken: false };
    }
    const config = route.config as { public?: boolean; permission?: unknown } | undefined;
    if (!config?.public && !config?.permission) {
      throw new Error(`A rota ${route.method} ${route.url} não declara permissão nem public: true`);
    }
  });

  // onRequest, before the body is parsed or validated: an anonymous caller learns nothing about the schema.
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      actor: null,
      meta: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, url: request.url },
      appUrl: app.config.appUrl,
      audited: 0,
    };
    if (request.is404) return;
    const config = request.routeOptions.config ?? {};
    const token = bearerToken(request);
    if (config.public && (!token || config.anonymous)) return;
    if (token && isApiToken(token)) {
      const found = await authenticateApiToken(app.db, app.config, token, config.apiToken !== false);
      if (found.refusal) {
        if (config.public) return;
        throw found.refusal;
      }
      request.ctx.apiToken = found.token;
      request.actor = found.actor;
      request.ctx.actor = found.actor;
      return requirePermission(found.actor, config.permission);
    }
    const actor = token ? await findActorByToken(app.db, token, app.config.sessionLimits) : null;
    if (!actor) {
      if (config.public) return;
      throw unauthenticated();
    }
    request.actor = actor;
    request.ctx.actor = actor;
    if (actor.enrollmentOnly && !config.mfaEnrollment) {
      throw new AppError(403, ErrorCode.MfaEnrollmentRequired, messages.mfa.enrollmentRequired);
    }
    requirePermission(actor, config.permission);
  });
});

function requirePermission(actor: Actor, required: FastifyContextConfig['permission']): void {
  if (!required || required === 'authenticated') return;
  const anyOf = Array.isArray(required) ? required : [required];
  if (!anyOf.some((p) => actor.permissions.has(p))) throw forbidden();
}

// Who manages users, roles, sessions, second factors and tokens: never a personal API token.
const MANAGEMENT_URL = /^\/v[12]\/(user|role|permission|oauth|account|api-token|admin\/api-token)(\/|$)/;
const MANAGEMENT_PERMISSIONS = new Set<string>(['user.view', 'user.manage', 'role.manage']);

function isManagementRoute(url: string, permission: FastifyContextConfig['permission']): boolean {
  if (MANAGEMENT_URL.test(url)) return true;
  const required = typeof permission === 'string' ? [permission] : (permission ?? []);
  return required.some((name) => MANAGEMENT_PERMISSIONS.has(name));
}
