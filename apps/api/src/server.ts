import cluster from 'node:cluster';
import { buildApp } from './app';
import { clusterRefusal, runPrimary } from './cluster';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';

const config = loadConfig();
const refusal = clusterRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
if (config.webConcurrency > 1 && cluster.isPrimary) {
  runPrimary(config.webConcurrency, (message) => console.log(message));
} else {
  await startInstance();
}

/** One instance: migrate and seed (under the start-up lock), build the app, run the jobs, listen. */
async function startInstance(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
  });
  // With several instances starting together (PostgreSQL), the seed runs under the start-up lock the migrations ran
  // under: one at a time, so the second finds the first's rows.
  const seeded = await database.exclusive(() => seedDatabase(database.db, config));
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  if (seeded.demo) app.log.info('demo data seeded: users <papel>@origem.local / origem123');

  // Cleanups (temporary files a crash left, blobs no row references) are the hourly file_sweep job, claimed by one
  // instance per hour; its first slot runs at start.
  app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Origem em ${config.appUrl} (banco: ${database.driver})`);

  // Graceful shutdown: stop taking requests, let in-flight ones and the running jobs finish, then close the database.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await app.close();
      await database.close();
      process.exit(0);
    });
  }
}
