// npm run bench:documents: how long the documents take to make, through the whole stack (auth, scope, queries,
// pdfmake, the QR code), on the demo data in embedded PGlite — the size of a document does not grow with the tables,
// so no scaled database is needed. Each case is requested BENCH_RUNS times one after the other (after two warm-up
// requests) and the table shows p50/p99 in milliseconds and the document's size (goal for the certificate: p50 ≤ 100 ms).
//   BENCH_RUNS   requests per case, default 40
import { createTestApp } from '../src/test/app';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const t = await createTestApp();
const admin = await t.login('admin');

async function firstId(url: string): Promise<number> {
  const res = await t.request('GET', url, { token: admin });
  const id = res.json<{ data: { id: number }[] }>().data[0]?.id;
  if (!id) throw new Error(`nenhum registro em ${url}`);
  return id;
}

// The issued one: its pré-recibo exists, and its PDF carries the number and no watermark.
const certificate = await firstId('/v1/certificate?per_page=1&certificate_flow_id=EMITIDO');
const declaration = await firstId('/v2/declaration?per_page=1');
const preRegistration = await firstId('/v1/pre_registration?per_page=1');

const cases: [string, string][] = [
  [
    'certificado (PDF no modelo do acordo, QR)',
    `/v1/certificate/print?certificateId=${certificate}&ncmReference=false`,
  ],
  ['pré-recibo do certificado', `/v1/certificate/prereceipt/${certificate}`],
  ['declaração de origem', `/v1/declaration/print/${declaration}`],
  ['declaração, pré-visualização (marca d’água)', `/v1/declaration/print_preview/${declaration}`],
  ['recibo de pré-cadastro', `/v1/pre_registration/receipt/${preRegistration}`],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

console.log(`documentos: ${RUNS} requisições por caso, PGlite com os dados de demonstração`);
console.log(
  `${'caso'.padEnd(46)} ${'status'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'KB'.padStart(6)}`,
);
for (const [name, url] of cases) {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const res = await t.request('GET', url, { token: admin });
    const ms = performance.now() - started;
    status = res.statusCode;
    bytes = res.rawPayload.length;
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(46)} ${String(status).padStart(6)} ${percentile(times, 50).toFixed(0).padStart(7)} ${percentile(
      times,
      99,
    )
      .toFixed(0)
      .padStart(7)} ${(bytes / 1024).toFixed(0).padStart(6)}`,
  );
}
await t.close();
