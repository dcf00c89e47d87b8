// The sampling loop of lock-waits.ts, in a process of its own: the process under measure (a test, a bench) is busy
// with the very work it measures, and its event loop would space the samples out. Started with the database's URL
// and the interval in ms; answers 'ready', samples until told 'stop', then sends what it saw and exits.
import pg from 'pg';

const [url, interval] = process.argv.slice(2);
const database = new URL(url).pathname.slice(1);
const SAMPLE = `
  select l.pid, a.query_start::text as query_start, l.waitstart::text as waitstart, l.locktype,
         (extract(epoch from clock_timestamp() - l.waitstart) * 1000)::float8 as waited_ms,
         left(regexp_replace(a.query, '\\s+', ' ', 'g'), 70) as query,
         case when $2 then (select array_agg(left(regexp_replace(b.query, '\\s+', ' ', 'g'), 60) || ' [' || b.state || ']')
            from pg_stat_activity b where b.pid = any(pg_blocking_pids(l.pid))) end as blockers
    from pg_locks l join pg_stat_activity a on a.pid = l.pid
   where not l.granted and l.waitstart is not null and a.datname = $1`;

const client = new pg.Client({ connectionString: url });
await client.connect();
let stopping = false;
process.on('message', (message) => {
  if (message === 'stop') stopping = true;
});
process.send('ready');
const rows = [];
let samples = 0;
while (!stopping) {
  // What the holders were doing costs more to read (pg_blocking_pids): every fifth sample.
  const { rows: seen } = await client.query(SAMPLE, [database, samples % 5 === 0]);
  samples += 1;
  rows.push(...seen);
  await new Promise((resolve) => setTimeout(resolve, Number(interval)));
}
await client.end();
process.send({ rows, samples }, () => process.exit(0));
