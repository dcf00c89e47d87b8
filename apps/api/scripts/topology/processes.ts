import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { deployableNginxConf, nginxArgs, selfSignedCertificate } from '../../../../scripts/nginx-conf.mjs';
import { serveArgs } from '../../../../scripts/serve-args.mjs';
import { trustingFetch } from './trusting-fetch';

/** The processes the topology test starts (API instances, nginx): logs to files, stopped on the way out. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const answers =
  (url: string, get: typeof fetch = fetch) =>
  async () =>
    (await get(url)).status === 200;

/** The API from its sources, through tsx: no build needed. */
export const FROM_SOURCES = ['--import', 'tsx', 'apps/api/src/server.ts'];
/** The compiled server (`npm run build:api`), as production runs it (`npm run serve`): what the load harness measures. */
export const COMPILED = serveArgs(path.resolve(import.meta.dirname, '../../../..'));

/**
 * One API instance (`node --import tsx apps/api/src/server.ts`, or the compiled `args`), its stdout (pino JSON
 * lines) in `logFile`.
 */
export class Instance {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
    private readonly root: string,
    private readonly args: string[] = FROM_SOURCES,
  ) {}

  /** The running process' id (CPU sampling), or undefined when stopped. */
  get pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null
      ? this.child.pid
      : undefined;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, this.args, {
      cwd: this.root,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.starts += 1;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitFor(`${this.name} pronta`, answers(`${this.url}/health/ready`), 180_000);
  }

  /** SIGKILL: no graceful shutdown, in-flight requests die with it. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** Waits for the process to end by itself (a server that SIGKILLed itself at a crash point). */
  async waitExit(): Promise<void> {
    await this.exited;
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** The request ids this instance logged (every request line carries `reqId`). */
  requestIds(): Set<string> {
    const ids = new Set<string>();
    for (const line of readFileSync(this.logFile, 'utf8').split('\n')) {
      const match = /"reqId":"([^"]+)"/.exec(line);
      if (match?.[1]) ids.add(match[1]);
    }
    return ids;
  }
}

/**
 * nginx serving docs/deploy/nginx.conf itself, with only its addresses and certificate paths replaced
 * (scripts/nginx-conf.mjs): TLS (HTTP/2 offered) on a free loopback port with a throw-away certificate, the plain
 * HTTP server's redirect on another, the `upstream` listing the given instances. pid, logs and temporary files live
 * in `dir`, so the system's nginx is never touched.
 */
export class Nginx {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  /** `fetch` trusting this nginx's certificate (once started). */
  fetch: typeof fetch = fetch;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url() {
    return `https://127.0.0.1:${this.port}`;
  }

  async start(documented: string, upstreamPorts: number[]): Promise<void> {
    const { certificate, key, pem } = selfSignedCertificate(this.dir);
    this.fetch = trustingFetch(pem);
    const file = path.join(this.dir, 'nginx.conf');
    writeFileSync(
      file,
      deployableNginxConf(documented, {
        upstreams: upstreamPorts.map((p) => `127.0.0.1:${p}`),
        httpPort: await freePort(),
        httpsPort: this.port,
        certificate,
        key,
        dir: this.dir,
      }),
    );
    const args = nginxArgs(this.dir, file);
    const test = spawn('/usr/sbin/nginx', ['-t', ...args], { stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => test.once('exit', resolve));
    if (code !== 0) throw new Error('nginx -t recusou a configuração');
    const child = spawn('/usr/sbin/nginx', args, { stdio: 'inherit' });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitFor('nginx', answers(`${this.url}/health/live`, this.fetch), 30_000);
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGQUIT');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(timer);
  }
}
