import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serveArgs } from '../../../../scripts/serve-args.mjs';

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

export const answers = (url: string) => async () => (await fetch(url)).status === 200;

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
 * docs/deploy/nginx.conf made runnable on loopback: its `upstream` lists the test's instances, the HTTPS server
 * becomes plain HTTP on `port` (no certificate on a test machine), the redirecting server goes, and the paths nginx
 * writes (pid, logs, temp files) live in `dir`, so the system's nginx is never touched.
 */
export function nginxConfig(documented: string, ports: number[], port: number, dir: string): string {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  let site = documented
    .replace(/^\s*#.*\n/gm, '')
    .replace(/(upstream origem \{\n)(?:\s*server [^\n]*\n)+/, `$1${servers}\n`)
    // The redirect-only plain HTTP server.
    .replace(/server \{\n\s*listen 80;[\s\S]*?\n\}\n/, '')
    .replace(/\s*listen 443 ssl;\n\s*listen \[::\]:443 ssl;\n\s*http2 on;/, `\n    listen 127.0.0.1:${port};`)
    .replace(/\n\s*ssl_[^\n]*/g, '')
    .replace(/allow 10\.0\.0\.0\/8;/, 'allow 127.0.0.1;');
  if (!site.includes(`listen 127.0.0.1:${port};`) || /10\.0\.0\.1\d:|ssl|listen 80;/.test(site)) {
    throw new Error('docs/deploy/nginx.conf mudou de forma: ajuste nginxConfig');
  }
  site = site.replace(/\n{3,}/g, '\n\n');
  const tmp = (name: string) => path.join(dir, name);
  return `daemon off;
pid ${tmp('nginx.pid')};
error_log ${tmp('error.log')} warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    access_log ${tmp('access.log')};
    client_body_temp_path ${tmp('client_body')};
    proxy_temp_path ${tmp('proxy')};
    fastcgi_temp_path ${tmp('fastcgi')};
    uwsgi_temp_path ${tmp('uwsgi')};
    scgi_temp_path ${tmp('scgi')};
${site}
}
`;
}

export class Nginx {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(config: string): Promise<void> {
    const file = path.join(this.dir, 'nginx.conf');
    writeFileSync(file, config);
    // -p: its own prefix; -e: its own error log from the first line (not /var/log/nginx).
    const args = ['-p', this.dir, '-e', path.join(this.dir, 'error.log'), '-c', file];
    const test = spawn('/usr/sbin/nginx', ['-t', ...args], { stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => test.once('exit', resolve));
    if (code !== 0) throw new Error('nginx -t recusou a configuração');
    const child = spawn('/usr/sbin/nginx', args, { stdio: 'inherit' });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitFor('nginx', answers(`${this.url}/health/live`), 30_000);
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGQUIT');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(timer);
  }
}
