import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { COMPILED, freePort, Instance, Nginx } from '../topology/processes';

/**
 * The server under load: the one at LOAD_URL, or the compiled server started here on the load database (one
 * instance, or two behind nginx as docs/deploy describes: the topology test's processes). Every process it starts
 * is stopped by `stop`.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type Target = {
  url: string;
  /** `fetch` for `url` (nginx's trusts its throw-away certificate). */
  fetch: typeof fetch;
  instances: Instance[];
  /** The API processes' ids, for the CPU samples (empty for a server started elsewhere). */
  pids: () => number[];
  stop: () => Promise<void>;
};

export async function startTarget(opts: {
  databaseUrl: string;
  instances: number;
  env?: Record<string, string>;
  /** The node arguments of each instance (default: the compiled server as `npm run serve` starts it). */
  args?: string[];
  log: (message: string) => void;
}): Promise<Target> {
  if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
    throw new Error(
      'apps/api/dist/server.js não existe: rode `npm run build:api` antes (a carga mede o build).',
    );
  }
  const work = mkdtempSync(path.join(tmpdir(), 'origem-load-'));
  // nginx's workers run as an unprivileged user: they must reach their temp folders.
  chmodSync(work, 0o755);
  const env = {
    DATABASE_URL: opts.databaseUrl,
    // One folder for both instances (a shared volume): a file one instance stored, the other can read.
    DATA_DIR: path.join(work, 'data'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: '127.0.0.1',
    ...opts.env,
  };
  const instances: Instance[] = [];
  for (let i = 0; i < opts.instances; i++) {
    const name = String.fromCharCode(65 + i);
    instances.push(
      new Instance(name, await freePort(), env, path.join(work, `${name}.log`), root, opts.args ?? COMPILED),
    );
  }
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((i) => i.start()));
    opts.log(`instâncias: ${instances.map((i) => `${i.name} :${i.port}`).join(', ')} (logs em ${work})`);
    let url = instances[0]?.url ?? '';
    if (instances.length > 1) {
      nginx = new Nginx(await freePort(), work);
      const documented = readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
      await nginx.start(
        documented,
        instances.map((i) => i.port),
      );
      url = nginx.url;
      opts.log(`nginx em ${url} (docs/deploy/nginx.conf: só endereços e certificado trocados)`);
    }
    return {
      url,
      fetch: nginx?.fetch ?? fetch,
      instances,
      pids: () => instances.map((i) => i.pid).filter((pid): pid is number => pid !== undefined),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The demo user of `role` copied `count` times (same password, exporter, association and authenticator). */
export async function cloneUsers(pool: pg.Pool, role: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  await pool.query(
    `insert into users (name, email, cnpj, phone, password_hash, role_id, trade_association_id, federation_id,
                        confederation_id, active, change_password, exporter_id, dispatcher_id, totp_secret,
                        totp_enabled_at)
     select u.name || ' (carga ' || g || ')', 'carga-' || $1 || '-' || g || '@origem.local', u.cnpj, u.phone,
            u.password_hash, u.role_id, u.trade_association_id, u.federation_id, u.confederation_id, true, false,
            u.exporter_id, u.dispatcher_id, u.totp_secret, u.totp_enabled_at
       from users u, generate_series(1, $2::int) g
      where u.email = $1 || '@origem.local' and u.deleted_at is null
     on conflict do nothing`,
    [role, count],
  );
  return Array.from({ length: count }, (_, i) => `carga-${role}-${i + 1}@origem.local`);
}
