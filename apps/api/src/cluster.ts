import cluster from 'node:cluster';
import type { Config } from './config';

export const PGLITE_CLUSTER_REFUSAL =
  'WEB_CONCURRENCY acima de 1 exige DATABASE_URL (PostgreSQL): o banco embutido (PGlite) é de um único processo. ' +
  'Remova WEB_CONCURRENCY ou configure DATABASE_URL.';

/** Why these settings cannot run several workers, or null when they can (or only one is asked). */
export function clusterRefusal(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): string | null {
  return config.webConcurrency > 1 && !config.databaseUrl ? PGLITE_CLUSTER_REFUSAL : null;
}

/**
 * The primary of `WEB_CONCURRENCY=N`: forks N workers that share the port (node:cluster), replaces one that dies,
 * and on SIGTERM/SIGINT passes the signal on and waits for them. Each worker is a whole instance (server.ts):
 * state lives in PostgreSQL, so N workers behave as N machines would.
 */
export function runPrimary(workers: number, log: (message: string) => void): void {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`worker ${worker.process.pid} terminou (${signal ?? code}); iniciando outro`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }
}
