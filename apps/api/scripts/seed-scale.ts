// npm run seed:scale: a PostgreSQL database at issue 10's scale (50 000 companies and exporters, 200 000 users,
// 2 000 000 audit rows, and proportional dispatchers, legal representatives and pre-registrations; issue 12 adds
// 500 000 declarations with about 1 000 000 materials and 20 000 declaration links) on top of the demo seed, so
// `npm run bench` can sign in as the demo users. The database is dropped and created again.
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/origem_scale (its name must contain "scale")
//   SCALE         a factor on every count (0.1 for a quick run)
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { FULL_SCALE, fillScale, scaled } from './scale/fillers';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/origem_scale';
const factor = Number(process.env.SCALE ?? 1);
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/scale/i.test(name) || !/^[\w-]+$/.test(name)) {
  console.error(`seed:scale apaga e recria o banco "${name}": use um banco cujo nome contenha "scale".`);
  process.exit(1);
}

const started = performance.now();
const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();

// Session settings for the fill only (the server's configuration is untouched): these one-off statements are
// costed above the JIT threshold, and compiling them buys nothing for one run.
const filling = new URL(url);
filling.searchParams.set('options', '-c jit=off');
const handle = await openDatabase({ databaseUrl: filling.toString() });
await seedDatabase(
  handle.db,
  { seed: 'demo', databaseUrl: url, adminEmail: undefined, adminPassword: undefined },
  { ncm: true },
);
const counts = scaled(FULL_SCALE, factor);
console.log(`seed:scale → ${name} (fator ${factor})`);
await fillScale(handle.db, counts, (line) => console.log(`  ${line}`));
// Fresh statistics for the planner, and a visibility map so counts can be index-only scans.
const vacuumed = performance.now();
await handle.db.execute(sql`vacuum analyze`);
console.log(`  vacuum analyze em ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);
await handle.close();
console.log(`pronto em ${((performance.now() - started) / 1000).toFixed(0)} s`);
