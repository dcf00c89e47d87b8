import { randomBytes } from 'node:crypto';
import type { CloudAttempt, CloudDiscovery } from '@origem/contract/schemas/cloud-signature';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../../db/client';
import { certificateCods } from '../../db/schema';
import { testPerson } from '../../documents/signing/test-pki';
import type { TestApp } from '../../test/app';
import { type Holder, type LoopbackProvider, startCloudProvider } from '../../test/cloud-provider';
import { type SigningTrust, signingTrust } from '../../test/signing';
import { type CertificateRefs, entityOfficialCpf, openCertificateSuite } from '../certificates/test-support';
import { representativeCpf } from '../declarations/test-support';

/**
 * Test support for the cloud signature suites: the app started with a loopback provider given in
 * CLOUD_SIGNATURE_PROVIDERS (http allowed for 127.0.0.1, one-second timeouts), holding the e-CPFs of the demo
 * legal representative and the demo official issued by the suite's trusted CA, and the three calls of the flow.
 */

export const CALLBACK = 'http://origem.test/assinatura-nuvem/retorno';
/** The key the signing calls name the setting's provider by. */
export const PROVIDER = 'env:Nuvem Teste';
export const OTHER_CPF = '11144477735';

export type CloudSuite = {
  t: TestApp;
  r: CertificateRefs;
  tok: Record<'exportador' | 'analista' | 'admin', string>;
  trust: SigningTrust;
  provider: LoopbackProvider;
  holders: { representative: Holder; official: Holder; other: Holder };
  /** What the app was started with (another instance is started the same way). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

const holderOf = (trust: SigningTrust, name: string, cpf: string): Holder => ({
  name,
  cpf,
  ...testPerson(trust.ca, { name, cpf }),
});

export async function openCloudSuite(prefix: string, env: Record<string, string> = {}): Promise<CloudSuite> {
  const trust = await signingTrust(prefix);
  // The holders' CPFs are the demo records': the app is not up yet, so the provider starts with placeholders and
  // learns them below (it keeps the list it was given).
  const list: Holder[] = [];
  const provider = await startCloudProvider({ redirectUri: CALLBACK, holders: list });
  const appEnv = {
    ...trust.env,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    CLOUD_SIGNATURE_ALLOW_HTTP: '127.0.0.1',
    CLOUD_SIGNATURE_TIMEOUT_MS: '1000',
    CLOUD_SIGNATURE_PROVIDERS: JSON.stringify([
      {
        name: 'Nuvem Teste',
        base_url: provider.url,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      },
    ]),
    ...env,
  };
  const { t, r, tok } = await openCertificateSuite(['exportador', 'analista', 'admin'], appEnv, {
    ncm: true,
  });
  const holders = {
    representative: holderOf(
      trust,
      'RESPONSAVEL LEGAL',
      await representativeCpf(t.db, r.exporterRepresentative),
    ),
    official: holderOf(trust, 'OFICIAL DA ENTIDADE', await entityOfficialCpf(t.db)),
    other: holderOf(trust, 'OUTRA PESSOA', OTHER_CPF),
  };
  provider.add(Object.values(holders));
  return {
    t,
    r,
    tok,
    trust,
    provider,
    holders,
    env: appEnv,
    close: async () => {
      await t.close();
      await provider.close();
      await trust.remove();
    },
  };
}

/** The API path of a signature's cloud calls. */
export const cloudPath = (what: 'first' | 'second' | 'declaration', id: number) =>
  what === 'declaration'
    ? `/v1/declaration/signature/cloud/${id}`
    : `/v1/certificate/${what}/signature/cloud/${id}`;

export async function discover(t: TestApp, path: string, token: string): Promise<CloudDiscovery> {
  const res = await t.request('GET', path, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CloudDiscovery>();
}

export async function startAttempt(
  t: TestApp,
  path: string,
  token: string,
  provider = PROVIDER,
): Promise<CloudAttempt> {
  const res = await t.request('POST', path, { token, body: { provider } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CloudAttempt>();
}

/** The callback page's post: what the provider put on the return address, as it came. */
export function callback(t: TestApp, token: string, returned: URL | Record<string, string>) {
  const body =
    returned instanceof URL
      ? Object.fromEntries(returned.searchParams.entries())
      : (returned as Record<string, string>);
  return t.request('POST', '/v1/cloud_signature/callback', { token, body });
}

/** The whole round: start, the holder's browser at the provider, the callback. */
export async function signInCloud(
  s: CloudSuite,
  path: string,
  token: string,
): Promise<LightMyRequestResponse> {
  const attempt = await startAttempt(s.t, path, token);
  return callback(s.t, token, await s.provider.visit(attempt.authorize_url));
}

export const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

export async function storedCod(t: TestApp, id: number) {
  const [row] = await t.db.select().from(certificateCods).where(eq(certificateCods.certificate_id, id));
  return row;
}

export function attemptsOf(t: TestApp, recordId: number, purpose = 'certificate_first') {
  return queryRows<{
    id: number;
    status: string;
    state_hash: string;
    code_verifier: string | null;
    document: string | null;
    failure: string | null;
  }>(
    t.db,
    sql`select * from cloud_signature_attempts where record_id = ${recordId} and purpose = ${purpose} order by id`,
  );
}
