/**
 * `npm run fuzz`: the full fuzz run — every generated request to every operation, anonymous, as the administrator,
 * as an exporter and with an API token of the administrator — on a fresh demo database (PGlite, or a new database on DATABASE_URL's server). Prints the counts
 * and every 5xx; exits 1 when there is one. FUZZ_SEED repeats a run.
 */
import { describe5xx, type Recorded5xx, setServerErrorSink } from '../../plugins/record-5xx';
import { createTestApp } from '../app';
import { FUZZ_ENV, fuzz } from './run';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_007);
// Every 5xx with the error's stack, to find its cause (the answers themselves say nothing of it).
const recorded: Recorded5xx[] = [];
setServerErrorSink((entry) => recorded.push(entry));
const t = await createTestApp(FUZZ_ENV);
try {
  const report = await fuzz(t, {
    seed,
    progress: (sent, total) => process.stdout.write(`\r${sent}/${total} requisições`),
  });
  process.stdout.write('\n');
  console.log(
    `fuzz (seed ${report.seed}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${report.requests} requisições a ` +
      `${report.operations} operações em ${(report.ms / 1000).toFixed(1)} s`,
  );
  console.log('por status:', report.byStatus);
  for (const failure of report.failures) console.log(JSON.stringify(failure));
  for (const entry of recorded) console.log(describe5xx(entry));
  console.log(`${report.failures.length} respostas 5xx`);
  process.exitCode = report.failures.length > 0 ? 1 : 0;
} finally {
  await t.close();
}
