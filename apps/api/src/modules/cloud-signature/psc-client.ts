import { X509Certificate } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import { cloudSignatureMessages as text } from '@origem/contract/schemas/cloud-signature';
import { AppError } from '../../lib/errors';

/**
 * The operations of an ICP-Brasil trust service provider (PSC) this server uses, under the provider's `/v0` base
 * (DOC-ICP-17.01 §6.4; the NeoID, BirdID/VaultID and VIDaaS manuals share them):
 *   POST oauth/user-discovery      JSON {client_id, client_secret, user_cpf_cnpj: "CPF", val_cpf_cnpj} → {status: "S"|"N"}
 *   GET  oauth/authorize           the browser's redirect: response_type=code, PKCE S256, state, scope, login_hint
 *   POST oauth/token               form-encoded authorization_code + code_verifier → {access_token, authorized_identification}
 *   GET  oauth/certificate-discovery   Bearer → {certificates: [{alias, certificate}]} (the signer's only, no chain)
 *   POST oauth/signature           Bearer, {hashes: [{id, alias, hash (base64), hash_algorithm (OID), signature_format: "RAW"}]}
 *                                  → {signatures: [{id, raw_signature}]}: PKCS#1 v1.5 over the hash's DigestInfo
 * Each call waits at most `timeoutMs`; a provider down, silent or failing (5xx) is a 503 naming it, one that refuses
 * (4xx) a 422, an answer that cannot be read a 503 too. Nothing the provider hands out (code, token) is kept or
 * logged here: the caller holds it in memory for the one exchange.
 */

export type ProviderEndpoint = { name: string; baseUrl: string; clientId: string; clientSecret: string };

/** The OID of SHA-256, as the signature operation names the hash algorithm. */
export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
/** What the tokens this server asks for may do: one signature. */
export const SCOPE = 'single_signature';
/** Answers are small JSON documents; anything much larger is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

const unavailable = (p: ProviderEndpoint) =>
  new AppError(503, ErrorCode.ServiceUnavailable, text.providerUnavailable(p.name));
const unreadable = (p: ProviderEndpoint) =>
  new AppError(503, ErrorCode.ServiceUnavailable, text.providerAnsweredBadly(p.name));
const denied = (p: ProviderEndpoint) =>
  new AppError(422, ErrorCode.FlowActionRefused, text.providerDenied(p.name));

/** One call to the provider: the parsed JSON of a 2xx answer, or the AppError that says what went wrong. */
async function call(
  p: ProviderEndpoint,
  path: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${p.baseUrl}/${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) throw unreadable(p);
    body = await response.text();
  } catch (err) {
    // Refused, reset, unresolvable, or no answer in time: the provider is not there for now.
    if (err instanceof AppError) throw err;
    throw unavailable(p);
  }
  if (response.status >= 500) throw unavailable(p);
  if (response.status >= 400) throw denied(p);
  if (response.status >= 300 || body.length > MAX_ANSWER_BYTES) throw unreadable(p);
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw unreadable(p);
}

const string = (value: unknown) => (typeof value === 'string' ? value : null);

/** Whether the provider keeps a certificate of this CPF (user discovery). */
export async function discoverHolder(
  p: ProviderEndpoint,
  cpf: string,
  timeoutMs: number,
): Promise<'holder' | 'not_holder'> {
  const answer = await call(
    p,
    'oauth/user-discovery',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: p.clientId,
        client_secret: p.clientSecret,
        user_cpf_cnpj: 'CPF',
        val_cpf_cnpj: cpf,
      }),
    },
    timeoutMs,
  );
  const status = string(answer.status)?.toUpperCase();
  if (status === 'S') return 'holder';
  if (status === 'N') return 'not_holder';
  throw unreadable(p);
}

/**
 * The provider's authorize address the browser is sent to: the holder approves there (or in the provider's app),
 * and the browser comes back to `redirectUri` with `code` and this `state`, or `error=access_denied`.
 */
export function authorizeUrl(
  p: ProviderEndpoint,
  o: { redirectUri: string; state: string; challenge: string; cpf: string; lifetimeSeconds: number },
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: o.redirectUri,
    scope: SCOPE,
    login_hint: o.cpf,
    lifetime: String(o.lifetimeSeconds),
    state: o.state,
    code_challenge: o.challenge,
    code_challenge_method: 'S256',
  });
  return `${p.baseUrl}/oauth/authorize?${query}`;
}

/** The code and the PKCE verifier for an access token (form-encoded, as OAuth's token endpoint takes them). */
export async function exchangeCode(
  p: ProviderEndpoint,
  o: { code: string; verifier: string; redirectUri: string },
  timeoutMs: number,
): Promise<{ accessToken: string; identification: string | null }> {
  const answer = await call(
    p,
    'oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: p.clientId,
        client_secret: p.clientSecret,
        code: o.code,
        code_verifier: o.verifier,
        redirect_uri: o.redirectUri,
      }).toString(),
    },
    timeoutMs,
  );
  const accessToken = string(answer.access_token);
  if (!accessToken) throw unreadable(p);
  const identification = string(answer.authorized_identification)?.replace(/\D/g, '') || null;
  return { accessToken, identification };
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The certificate the holder authorized (PEM); the provider gives the signer's certificate only. */
export async function fetchCertificate(
  p: ProviderEndpoint,
  accessToken: string,
  timeoutMs: number,
): Promise<string> {
  const answer = await call(
    p,
    'oauth/certificate-discovery',
    { method: 'GET', headers: bearer(accessToken) },
    timeoutMs,
  );
  const list = Array.isArray(answer.certificates) ? (answer.certificates as unknown[]) : [];
  const first = list[0] as { certificate?: unknown } | undefined;
  const raw = string(first?.certificate)?.trim();
  if (!raw) throw unreadable(p);
  // The manuals show PEM; some answer the bare base64 of the DER.
  const pem = raw.includes('-----BEGIN')
    ? raw.replace(/\\n/g, '\n')
    : `-----BEGIN CERTIFICATE-----\n${raw.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
  try {
    return new X509Certificate(pem).toString();
  } catch {
    throw unreadable(p);
  }
}

/** One RAW signature (PKCS#1 v1.5 over the DigestInfo of `hash`, a SHA-256) of the access token's holder. */
export async function signHash(
  p: ProviderEndpoint,
  accessToken: string,
  o: { id: string; alias: string; hash: Buffer },
  timeoutMs: number,
): Promise<Buffer> {
  const answer = await call(
    p,
    'oauth/signature',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(accessToken) },
      body: JSON.stringify({
        hashes: [
          {
            id: o.id,
            alias: o.alias,
            hash: o.hash.toString('base64'),
            hash_algorithm: SHA256_OID,
            signature_format: 'RAW',
          },
        ],
      }),
    },
    timeoutMs,
  );
  const list = Array.isArray(answer.signatures)
    ? (answer.signatures as { id?: unknown; raw_signature?: unknown }[])
    : [];
  const found = list.find((s) => string(s?.id) === o.id) ?? (list.length === 1 ? list[0] : undefined);
  const raw = string(found?.raw_signature);
  if (!raw || !/^[A-Za-z0-9+/=\s]+$/.test(raw)) throw unreadable(p);
  return Buffer.from(raw, 'base64');
}
