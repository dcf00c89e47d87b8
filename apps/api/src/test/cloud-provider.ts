import { createHash, createPrivateKey, privateEncrypt, randomBytes, constants as rsa } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A cloud signature provider (PSC) on loopback, for the tests: the DOC-ICP-17.01 §6.4 operations this server uses
 * (user discovery, authorize with PKCE S256 and state, token, certificate discovery, signature of a hash), holding
 * the e-CPF keys of test persons (documents/signing/test-pki.ts). It checks what a real provider checks — the client
 * credentials, the redirect URI, the PKCE verifier against the challenge, single-use codes and tokens, one hash per
 * single_signature token — and answers as the test commands: the holder approves or refuses, the provider is down,
 * silent or fails on one operation, hands out another person's certificate, or signs with another key.
 */

export type Holder = { name: string; cpf: string; keyPem: string; certPem: string };

export type Operation = 'user-discovery' | 'authorize' | 'token' | 'certificate-discovery' | 'signature';

/** What the holder does on the authorize page: approve or refuse at once, or see "Aprovar"/"Recusar" buttons. */
export type HolderAnswer = 'approve' | 'refuse' | 'ask';

/** A failure the test orders for one operation: no answer at all, a 500, or the connection dropped. */
export type Failure = 'silent' | 'error' | 'drop';

export type CloudProviderOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The redirect URI registered for the client (the app's APP_URL + /assinatura-nuvem/retorno). */
  redirectUri: string;
  holders: Holder[];
};

type Grant = { cpf: string; challenge: string; redirectUri: string; expires: number };

export type LoopbackProvider = {
  /** The base URL as the server is given it: http://127.0.0.1:<port>/v0. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Keys of more persons (the tests learn the demo records' CPFs after the provider started). */
  add: (more: Holder[]) => void;
  /** How the holder answers on the authorize page from now on (default: approve). */
  answer: (next: HolderAnswer) => void;
  /** Makes `op` fail as told (null: works again). */
  fail: (op: Operation, how: Failure | null) => void;
  /**
   * From now on certificate discovery hands out this certificate, whoever authorized (another person's, one of an
   * untrusted authority…; null: the holder's own).
   */
  certificateOf: (holder: Pick<Holder, 'name' | 'certPem'> | null) => void;
  /** From now on signatures are made with this key (PEM) instead of the holder's (a signature that does not verify). */
  signWith: (keyPem: string | null) => void;
  /** Every operation received, in order (a test asserts, e.g., that no hash was sent). */
  calls: Operation[];
  /** Every authorization code and access token handed out (a test looks for them where they must not be). */
  issued: string[];
  /**
   * What the holder's browser does with an authorize URL (the API tests' browser): asks the page and follows the
   * answer, returning the callback address the provider redirects to (with code and state, or error).
   */
  visit: (authorizeUrl: string) => Promise<URL>;
  close: () => Promise<void>;
};

const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Provedor de teste</title></head><body>${body}</body></html>`,
  );
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startCloudProvider(options: CloudProviderOptions): Promise<LoopbackProvider> {
  const clientId = options.clientId ?? 'origem-teste';
  const clientSecret = options.clientSecret ?? `segredo-${randomBytes(8).toString('hex')}`;
  const holders = new Map(options.holders.map((h) => [h.cpf, h]));
  const grants = new Map<string, Grant>();
  const pendingDecisions = new Map<string, { redirectUri: string; state: string; grant: Grant }>();
  const tokens = new Map<string, { cpf: string; signatures: number }>();
  const failures = new Map<Operation, Failure>();
  const calls: Operation[] = [];
  const issued: string[] = [];
  const sockets = new Set<Socket>();
  let holderAnswer: HolderAnswer = 'approve';
  let handedCertificate: Pick<Holder, 'name' | 'certPem'> | null = null;
  let signingKey: string | null = null;

  const clientOk = (id: unknown, secret: unknown) => id === clientId && secret === clientSecret;

  /** Where the browser goes after the holder's answer: the registered redirect URI with code or error, and state. */
  function redirectAfter(answer: 'approve' | 'refuse', redirectUri: string, state: string, grant: Grant) {
    const target = new URL(redirectUri);
    if (answer === 'approve') {
      const code = randomBytes(24).toString('base64url');
      grants.set(code, grant);
      issued.push(code);
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'O titular recusou a autorização.');
    }
    target.searchParams.set('state', state);
    return target.toString();
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const state = q.get('state') ?? '';
    const challenge = q.get('code_challenge') ?? '';
    const cpf = q.get('login_hint') ?? '';
    const problems = [
      q.get('response_type') !== 'code' && 'response_type',
      q.get('client_id') !== clientId && 'client_id',
      redirectUri !== options.redirectUri && 'redirect_uri',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method',
      !/^[A-Za-z0-9_-]{43}$/.test(challenge) && 'code_challenge',
      !state && 'state',
      q.get('scope') !== 'single_signature' && 'scope',
      !/^\d+$/.test(q.get('lifetime') ?? '') && 'lifetime',
      !holders.has(cpf) && 'login_hint',
    ].filter(Boolean);
    if (problems.length > 0) return html(res, 400, `<h1>Pedido inválido</h1><p>${problems.join(', ')}</p>`);
    const grant = { cpf, challenge, redirectUri, expires: Date.now() + 600_000 };
    if (holderAnswer !== 'ask') {
      res.writeHead(302, { location: redirectAfter(holderAnswer, redirectUri, state, grant) });
      return res.end();
    }
    const id = randomBytes(12).toString('base64url');
    pendingDecisions.set(id, { redirectUri, state, grant });
    const holder = holders.get(cpf);
    return html(
      res,
      200,
      `<main><h1>Provedor de teste</h1><p>Autorizar uma assinatura com o certificado de ${escapeHtml(holder?.name ?? '')}?</p>` +
        `<form method="post" action="/v0/oauth/decide"><input type="hidden" name="request" value="${id}">` +
        '<button name="answer" value="approve">Aprovar</button> <button name="answer" value="refuse">Recusar</button></form></main>',
    );
  }

  async function decide(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const pending = pendingDecisions.get(form.get('request') ?? '');
    if (!pending) return html(res, 400, '<h1>Pedido desconhecido</h1>');
    pendingDecisions.delete(form.get('request') ?? '');
    const answer = form.get('answer') === 'approve' ? 'approve' : 'refuse';
    res.writeHead(303, {
      location: redirectAfter(answer, pending.redirectUri, pending.state, pending.grant),
    });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const form = new URLSearchParams(await readBody(req));
    if (!clientOk(form.get('client_id'), form.get('client_secret')))
      return json(res, 401, { error: 'invalid_client' });
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    // A code is good once, whatever happens next.
    grants.delete(code);
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.expires < Date.now() ||
      grant.redirectUri !== form.get('redirect_uri') ||
      challengeOf(form.get('code_verifier') ?? '') !== grant.challenge
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(32).toString('hex');
    issued.push(accessToken);
    tokens.set(accessToken, { cpf: grant.cpf, signatures: 0 });
    return json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'single_signature',
      authorized_identification_type: 'CPF',
      authorized_identification: grant.cpf,
    });
  }

  const tokenOf = (req: IncomingMessage) => {
    const value = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return { value, grant: tokens.get(value) };
  };

  function certificate(req: IncomingMessage, res: ServerResponse) {
    const { grant } = tokenOf(req);
    if (!grant) return json(res, 401, { error: 'invalid_token' });
    const holder = handedCertificate ?? holders.get(grant.cpf);
    return json(res, 200, {
      status: 'S',
      certificates: [{ alias: holder?.name ?? '', certificate: holder?.certPem ?? '' }],
    });
  }

  async function signature(req: IncomingMessage, res: ServerResponse) {
    const { value, grant } = tokenOf(req);
    if (!grant) return json(res, 401, { error: 'invalid_token' });
    const body = JSON.parse((await readBody(req)) || '{}') as {
      hashes?: {
        id?: string;
        alias?: string;
        hash?: string;
        hash_algorithm?: string;
        signature_format?: string;
      }[];
    };
    const hashes = body.hashes ?? [];
    const [one] = hashes;
    const digest = Buffer.from(one?.hash ?? '', 'base64');
    if (
      hashes.length !== 1 ||
      grant.signatures > 0 ||
      !one?.id ||
      one.hash_algorithm !== '2.16.840.1.101.3.4.2.1' ||
      one.signature_format !== 'RAW' ||
      digest.length !== 32
    ) {
      return json(res, 400, { error: 'invalid_request' });
    }
    grant.signatures += 1;
    // single_signature: the token is spent.
    tokens.delete(value);
    const key = createPrivateKey(signingKey ?? holders.get(grant.cpf)?.keyPem ?? '');
    const raw = privateEncrypt(
      { key, padding: rsa.RSA_PKCS1_PADDING },
      Buffer.concat([DIGEST_INFO_SHA256, digest]),
    );
    return json(res, 200, { signatures: [{ id: one.id, raw_signature: raw.toString('base64') }] });
  }

  async function userDiscovery(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, string>;
    if (!clientOk(body.client_id, body.client_secret)) return json(res, 401, { error: 'invalid_client' });
    if (body.user_cpf_cnpj !== 'CPF') return json(res, 400, { error: 'invalid_request' });
    const holder = holders.get(body.val_cpf_cnpj ?? '');
    return json(
      res,
      200,
      holder
        ? { status: 'S', slots: [{ slot_alias: holder.cpf, label: 'e-CPF em nuvem (teste)' }] }
        : { status: 'N' },
    );
  }

  const routes: Record<string, Operation> = {
    'POST /v0/oauth/user-discovery': 'user-discovery',
    'GET /v0/oauth/authorize': 'authorize',
    'POST /v0/oauth/token': 'token',
    'GET /v0/oauth/certificate-discovery': 'certificate-discovery',
    'POST /v0/oauth/signature': 'signature',
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (req.method === 'POST' && url.pathname === '/v0/oauth/decide') return decide(req, res);
    const op = routes[`${req.method} ${url.pathname}`];
    if (!op) return json(res, 404, { error: 'not_found' });
    calls.push(op);
    const failure = failures.get(op);
    if (failure === 'silent') return; // the request hangs: no answer, the socket stays open
    if (failure === 'drop') return req.socket.destroy();
    if (failure === 'error') return json(res, 500, { error: 'server_error' });
    try {
      if (op === 'authorize') return authorize(url, res);
      if (op === 'user-discovery') return await userDiscovery(req, res);
      if (op === 'token') return await token(req, res);
      if (op === 'certificate-discovery') return certificate(req, res);
      return await signature(req, res);
    } catch {
      return json(res, 400, { error: 'invalid_request' });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  return {
    url: `${base}/v0`,
    clientId,
    clientSecret,
    calls,
    issued,
    add: (more) => {
      for (const holder of more) holders.set(holder.cpf, holder);
    },
    answer: (next) => {
      holderAnswer = next;
    },
    fail: (op, how) => {
      if (how) failures.set(op, how);
      else failures.delete(op);
    },
    certificateOf: (holder) => {
      handedCertificate = holder;
    },
    signWith: (keyPem) => {
      signingKey = keyPem;
    },
    visit: async (authorizeUrl) => {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(
          `o provedor de teste não redirecionou (${response.status}): ${await response.text()}`,
        );
      }
      return new URL(location);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
