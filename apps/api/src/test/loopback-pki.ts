import { execFile } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A public-key infrastructure on loopback, run by OpenSSL itself, for the tests that prove long-term signatures
 * (issue 37): a root and an issuing CA made with `openssl req`/`openssl ca`, e-CPF certificates whose CRL
 * distribution point and OCSP address (AIA) point here, and one HTTP server answering as
 *  - the time-stamping authority: `openssl ts -reply` on each query (`POST /tsa`, optionally behind Basic auth);
 *  - the OCSP responder of the issuing CA: `openssl ocsp -index … -reqin` on each request (`POST /ocsp`), so a
 *    revocation shows at once;
 *  - the CRLs: `openssl ca -gencrl` of each CA, made on each download (`GET /crl/root.crl`, `/crl/ac.crl`).
 * Nothing of the product's code makes these answers: what the product reads back is OpenSSL's.
 */

const run = promisify(execFile);
const openssl = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run('openssl', args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });

export type PkiPerson = { name: string; cpf: string; keyPem: string; certPem: string; serial: string };

export type PersonRequest = {
  name: string;
  cpf: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Which revocation addresses the certificate names (both by default). */
  ocsp?: boolean;
  crl?: boolean;
};

export type LoopbackPki = {
  dir: string;
  /** The root (self-signed) and the issuing CA below it, as PEM. */
  rootPem: string;
  caPem: string;
  /** The issuing CA's key (tests that issue with node-forge sign with it: documents/signing/test-pki.ts caOf). */
  caKeyPem: string;
  /** The trust list the product is given: the root and the issuing CA. */
  trustPem: string;
  /** The TSA's certificate. */
  tsaPem: string;
  tsaUrl: string;
  ocspUrl: string;
  crlUrl: (ca: 'root' | 'ac') => string;
  issuePerson: (request: PersonRequest) => Promise<PkiPerson>;
  /** The person's key, certificate and chain as a PKCS#12 (an A1), made by `openssl pkcs12`. */
  pkcs12: (person: PkiPerson, password: string) => Promise<Buffer>;
  /** `openssl ca -revoke`: the OCSP responder and the next CRL say so from now on. */
  revoke: (person: { certPem: string }) => Promise<void>;
  /** What the server answered so far, by kind. */
  served: { tsa: number; ocsp: number; crl: number };
  /** Switches: the TSA down (503), Basic credentials it requires, the CRLs' and OCSP answers' validity. */
  settings: {
    tsaDown: boolean;
    tsaAuth: { user: string; password: string } | null;
    crlSeconds: number;
    /** Minutes of an OCSP answer's nextUpdate; null: none (an answer never to be cached). */
    ocspMinutes: number | null;
    /** Whether GET /health answers 200 (a process that waits for it knows the PKI is usable). */
    ready: boolean;
  };
  close: () => Promise<void>;
};

const DAY = 86_400_000;

const caConfig = (dir: string) => `
[ca]
default_ca = this_ca
[this_ca]
dir = ${dir}
database = $dir/index.txt
serial = $dir/serial
crlnumber = $dir/crlnumber
new_certs_dir = $dir/issued
certificate = $dir/ca.crt
private_key = $dir/ca.key
default_md = sha256
default_days = 365
default_crl_days = 1
policy = any_name
unique_subject = no
email_in_dn = no
copy_extensions = none
[any_name]
countryName = optional
organizationName = optional
organizationalUnitName = optional
commonName = supplied
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[root]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[issuing_ca]
basicConstraints = critical,CA:TRUE,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:$ENV::CRL_URL
[tsa]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:$ENV::CRL_URL
[ocsp_signer]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,OCSPSigning
noCheck = ignored
[crl_ext]
authorityKeyIdentifier = keyid
`;

const tsaConfig = (dir: string) => `
[tsa]
default_tsa = tsa_config
[tsa_config]
dir = ${dir}
serial = $dir/tsa-serial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/tsa-chain.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

const opensslDate = (at: Date) => `${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function newKey(file: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

function initCa(dir: string) {
  mkdirSync(path.join(dir, 'issued'), { recursive: true });
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'serial'), '1000\n');
  writeFileSync(path.join(dir, 'crlnumber'), '1000\n');
  writeFileSync(path.join(dir, 'ca.cnf'), caConfig(dir));
}

/** Body of a request, capped (the queries are a few hundred bytes). */
async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('requisição grande demais');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Starts the PKI: keys, certificates and the server. Every file lives in a temporary folder `close` removes. */
export async function startLoopbackPki(
  prefix = 'loopback-pki-',
  options: {
    port?: number;
    /** Answer /health only once the caller says so (settings.ready): it writes files others read first. */
    holdReady?: boolean;
  } = {},
): Promise<LoopbackPki> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const rootDir = path.join(dir, 'root');
  const acDir = path.join(dir, 'ac');
  initCa(rootDir);
  initCa(acDir);

  const settings: LoopbackPki['settings'] = {
    tsaDown: false,
    tsaAuth: null,
    crlSeconds: 3600,
    ocspMinutes: null,
    ready: false,
  };
  const served = { tsa: 0, ocsp: 0, crl: 0 };
  // One OpenSSL run at a time: `openssl ca` and `openssl ts` keep their serials and index in files.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  let request = 0;
  const scratch = () => path.join(dir, `r${++request}`);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    tsa: `${base}/tsa`,
    ocsp: `${base}/ocsp`,
    crl: (ca: 'root' | 'ac') => `${base}/crl/${ca}.crl`,
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '';
    if (req.method === 'GET' && url === '/health') {
      res.statusCode = settings.ready ? 200 : 503;
      return res.end(settings.ready ? 'ok' : 'preparando');
    }
    if (req.method === 'POST' && url === '/tsa') {
      if (settings.tsaDown) {
        res.statusCode = 503;
        return res.end('fora do ar');
      }
      if (settings.tsaAuth) {
        const expected = `Basic ${Buffer.from(`${settings.tsaAuth.user}:${settings.tsaAuth.password}`).toString('base64')}`;
        if (req.headers.authorization !== expected) {
          res.statusCode = 401;
          res.setHeader('www-authenticate', 'Basic realm="tsa"');
          return res.end();
        }
      }
      const query = await body(req);
      const answer = await serial(async () => {
        const file = scratch();
        writeFileSync(`${file}.tsq`, query);
        await openssl([
          'ts',
          '-reply',
          '-config',
          path.join(dir, 'tsa.cnf'),
          '-queryfile',
          `${file}.tsq`,
          '-out',
          `${file}.tsr`,
        ]);
        return readFileSync(`${file}.tsr`);
      });
      served.tsa++;
      res.setHeader('content-type', 'application/timestamp-reply');
      return res.end(answer);
    }
    if (req.method === 'POST' && url === '/ocsp') {
      const query = await body(req);
      const answer = await serial(async () => {
        const file = scratch();
        writeFileSync(`${file}.ocq`, query);
        await openssl([
          'ocsp',
          '-index',
          path.join(acDir, 'index.txt'),
          '-CA',
          path.join(acDir, 'ca.crt'),
          '-rsigner',
          path.join(dir, 'ocsp.crt'),
          '-rkey',
          path.join(dir, 'ocsp.key'),
          '-reqin',
          `${file}.ocq`,
          '-respout',
          `${file}.ocr`,
          ...(settings.ocspMinutes ? ['-nmin', String(settings.ocspMinutes)] : []),
        ]);
        return readFileSync(`${file}.ocr`);
      });
      served.ocsp++;
      res.setHeader('content-type', 'application/ocsp-response');
      return res.end(answer);
    }
    const crl = /^\/crl\/(root|ac)\.crl$/.exec(url);
    if (req.method === 'GET' && crl) {
      const caDir = crl[1] === 'root' ? rootDir : acDir;
      const answer = await serial(async () => {
        const file = `${scratch()}.crl`;
        await openssl(
          [
            'ca',
            '-batch',
            '-config',
            path.join(caDir, 'ca.cnf'),
            '-gencrl',
            '-crlexts',
            'crl_ext',
            '-crlsec',
            String(settings.crlSeconds),
            '-out',
            file,
          ],
          envFor(caDir),
        );
        await openssl(['crl', '-in', file, '-outform', 'DER', '-out', `${file}.der`]);
        return readFileSync(`${file}.der`);
      });
      served.crl++;
      res.setHeader('content-type', 'application/pkix-crl');
      return res.end(answer);
    }
    res.statusCode = 404;
    res.end();
  }

  const envFor = (caDir: string, extra: Record<string, string> = {}) => ({
    CRL_URL: urls.crl(caDir === rootDir ? 'root' : 'ac'),
    OCSP_URL: urls.ocsp,
    ICP_SAN: '0',
    ...extra,
  });

  /** A CSR for `subject` with the key in `keyFile`, signed by the CA in `caDir` with the config's `extensions`. */
  async function issue(
    caDir: string,
    keyFile: string,
    subject: string,
    extensions: string,
    options: { notBefore?: Date; notAfter?: Date; env?: Record<string, string>; extfile?: string } = {},
  ): Promise<string> {
    const out = `${keyFile}.crt`;
    await openssl(['req', '-new', '-key', keyFile, '-subj', subject, '-out', `${keyFile}.csr`], {});
    await openssl(
      [
        'ca',
        '-batch',
        '-notext',
        '-config',
        path.join(caDir, 'ca.cnf'),
        '-extensions',
        extensions,
        ...(options.extfile ? ['-extfile', options.extfile] : []),
        '-startdate',
        opensslDate(options.notBefore ?? new Date(Date.now() - DAY)),
        '-enddate',
        opensslDate(options.notAfter ?? new Date(Date.now() + 365 * DAY)),
        '-in',
        `${keyFile}.csr`,
        '-out',
        out,
      ],
      envFor(caDir, options.env),
    );
    return readFileSync(out, 'utf8');
  }

  // The root, self-signed (by `openssl ca -selfsign`, which takes a start date in the past, as every link of the
  // chain must be valid at any signing time a test claims); the issuing CA ("AC Final") below it, its CRL at the
  // root's address.
  newKey(path.join(rootDir, 'ca.key'));
  await openssl([
    'req',
    '-new',
    '-key',
    path.join(rootDir, 'ca.key'),
    '-subj',
    '/C=BR/O=ICP-Teste/CN=AC Raiz Teste Loopback',
    '-out',
    path.join(rootDir, 'ca.csr'),
  ]);
  await openssl(
    [
      'ca',
      '-batch',
      '-notext',
      '-selfsign',
      '-config',
      path.join(rootDir, 'ca.cnf'),
      '-keyfile',
      path.join(rootDir, 'ca.key'),
      '-extensions',
      'root',
      '-startdate',
      opensslDate(new Date(Date.now() - 30 * DAY)),
      '-enddate',
      opensslDate(new Date(Date.now() + 3650 * DAY)),
      '-in',
      path.join(rootDir, 'ca.csr'),
      '-out',
      path.join(rootDir, 'ca.crt'),
    ],
    envFor(rootDir),
  );
  newKey(path.join(acDir, 'ca.key'));
  const caPem = await serial(() =>
    issue(rootDir, path.join(acDir, 'ca.key'), '/C=BR/O=ICP-Teste/CN=AC Final Teste Loopback', 'issuing_ca', {
      notBefore: new Date(Date.now() - 20 * DAY),
      notAfter: new Date(Date.now() + 3000 * DAY),
    }),
  );
  writeFileSync(path.join(acDir, 'ca.crt'), caPem);
  const rootPem = readFileSync(path.join(rootDir, 'ca.crt'), 'utf8');

  // The TSA and the OCSP responder's signing certificate, both issued by the issuing CA.
  newKey(path.join(dir, 'tsa.key'));
  const tsaPem = await serial(() =>
    issue(acDir, path.join(dir, 'tsa.key'), '/C=BR/O=ICP-Teste/CN=ACT Teste Loopback', 'tsa'),
  );
  writeFileSync(path.join(dir, 'tsa.crt'), tsaPem);
  writeFileSync(path.join(dir, 'tsa-chain.pem'), `${caPem}${rootPem}`);
  writeFileSync(path.join(dir, 'tsa-serial'), '01\n');
  writeFileSync(path.join(dir, 'tsa.cnf'), tsaConfig(dir));
  newKey(path.join(dir, 'ocsp.key'));
  const ocspPem = await serial(() =>
    issue(acDir, path.join(dir, 'ocsp.key'), '/C=BR/O=ICP-Teste/CN=OCSP Teste Loopback', 'ocsp_signer'),
  );
  writeFileSync(path.join(dir, 'ocsp.crt'), ocspPem);

  let people = 0;
  async function issuePerson(request: PersonRequest): Promise<PkiPerson> {
    const id = ++people;
    const keyFile = path.join(dir, `person-${id}.key`);
    const keyPem = newKey(keyFile);
    // ICP-Brasil's otherName 2.16.76.1.3.1: birth date (8), CPF (11), NIS (11), RG (15), issuer.
    const san = `01011980${request.cpf}${'0'.repeat(11)}${'0'.repeat(15)}SSPSP`;
    const extfile = path.join(dir, `person-${id}.ext`);
    const sections = [
      '[ext]',
      'subjectAltName = otherName:2.16.76.1.3.1;OCTETSTRING:$ENV::ICP_SAN',
      'basicConstraints = CA:FALSE',
      'keyUsage = critical,digitalSignature,nonRepudiation,keyEncipherment',
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
    ];
    if (request.crl !== false) sections.push('crlDistributionPoints = URI:$ENV::CRL_URL');
    if (request.ocsp !== false) sections.push('authorityInfoAccess = OCSP;URI:$ENV::OCSP_URL');
    writeFileSync(extfile, `${sections.join('\n')}\n`);
    const certPem = await serial(() =>
      issue(acDir, keyFile, `/C=BR/O=ICP-Teste/CN=${request.name}:${request.cpf}`, 'ext', {
        notBefore: request.notBefore,
        notAfter: request.notAfter,
        env: { ICP_SAN: san },
        extfile,
      }),
    );
    return {
      name: request.name,
      cpf: request.cpf,
      keyPem,
      certPem,
      serial: new X509Certificate(certPem).serialNumber,
    };
  }

  async function pkcs12(person: PkiPerson, password: string): Promise<Buffer> {
    const file = scratch();
    writeFileSync(`${file}.key`, person.keyPem, { mode: 0o600 });
    writeFileSync(`${file}.crt`, person.certPem);
    writeFileSync(`${file}.chain`, `${caPem}${rootPem}`);
    await openssl([
      'pkcs12',
      '-export',
      '-inkey',
      `${file}.key`,
      '-in',
      `${file}.crt`,
      '-certfile',
      `${file}.chain`,
      '-passout',
      `pass:${password}`,
      '-out',
      `${file}.p12`,
    ]);
    return readFileSync(`${file}.p12`);
  }

  async function revoke(person: { certPem: string }): Promise<void> {
    const file = `${scratch()}.crt`;
    writeFileSync(file, person.certPem);
    await serial(() =>
      openssl(
        [
          'ca',
          '-batch',
          '-config',
          path.join(acDir, 'ca.cnf'),
          '-revoke',
          file,
          '-crl_reason',
          'keyCompromise',
        ],
        envFor(acDir),
      ),
    );
  }

  settings.ready = !options.holdReady;
  return {
    dir,
    rootPem,
    caPem,
    caKeyPem: readFileSync(path.join(acDir, 'ca.key'), 'utf8'),
    trustPem: `${rootPem}${caPem}`,
    tsaPem,
    tsaUrl: urls.tsa,
    ocspUrl: urls.ocsp,
    crlUrl: urls.crl,
    issuePerson,
    pkcs12,
    revoke,
    served,
    settings,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
