// npm run bench:documents: how long the documents take to make, through the whole stack (auth, scope, queries,
// the PDF renderer, the QR code), on the demo data in embedded PGlite — the size of a document does not grow with the tables,
// so no scaled database is needed. Each case is requested BENCH_RUNS times one after the other (after two warm-up
// requests) and the table shows p50/p99 in milliseconds and the document's size (goal for the certificate: p50 ≤ 100 ms).
// Then the signatures, as pure functions on 2048-bit RSA keys from the test PKI (ICP-Brasil's A1 size): the COD
// built and signed twice (goal p50 ≤ 20 ms), both its signatures verified with the signers' chains (≤ 25 ms), and
// the PAdES signature of the certificate's PDF, signed and verified.
// First, the renderers alone on fixed samples (test/document-samples.ts): this process's CPU time per document and
// per page, over BENCH_RUNS renders after two warm-up ones (issue 39's bar: ≤ 25 ms of CPU a page).
//   BENCH_RUNS     requests (and signature and render runs) per case, default 40
//   BENCH_PDF_DIR  also writes each sample's PDF there (to compare renderings with pdftoppm)
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { certificatePdf } from '../src/documents/pdf/certificate';
import { prereceiptPdf } from '../src/documents/pdf/certificate-prereceipt';
import { declarationPdf } from '../src/documents/pdf/declaration';
import { preRegistrationReceipt } from '../src/documents/pdf/pre-registration-receipt';
import { checkSigner, parseTrustList } from '../src/documents/signing/certificate';
import { signPdf } from '../src/documents/signing/pades';
import { verifyPdfSignature } from '../src/documents/signing/pades-inspect';
import { cmsSigner } from '../src/documents/signing/seal';
import { testCa, testPerson } from '../src/documents/signing/test-pki';
import { parseCod, signCod, verifyCodSignature } from '../src/documents/signing/xmldsig';
import { buildCod, certifyCod } from '../src/documents/xml/cod';
import { codSampleCertification, codSampleInput } from '../src/documents/xml/cod-sample';
import { createTestApp } from '../src/test/app';
import {
  CERTIFICATE_SAMPLES,
  DECLARATION_SAMPLE,
  PRE_REGISTRATION_SAMPLE,
  PRERECEIPT_SAMPLE,
} from '../src/test/document-samples';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

// ---- the renderers alone -----------------------------------------------------------------------------------------
const renders: [string, () => Promise<Buffer>][] = [
  ...Object.entries(CERTIFICATE_SAMPLES).map(
    ([name, data]) => [name, () => certificatePdf(data)] as [string, () => Promise<Buffer>],
  ),
  ['declaracao', () => declarationPdf(DECLARATION_SAMPLE)],
  [
    'declaracao-rascunho',
    () => declarationPdf({ ...DECLARATION_SAMPLE, watermark: true, status: 'EM_ANALISE' }),
  ],
  ['pre-recibo', () => prereceiptPdf(PRERECEIPT_SAMPLE)],
  ['comprovante-pre-cadastro', () => preRegistrationReceipt(PRE_REGISTRATION_SAMPLE)],
];
/** Page objects in the file (every renderer writes its page dictionaries uncompressed). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
const outDir = process.env.BENCH_PDF_DIR;
if (outDir) mkdirSync(outDir, { recursive: true });
console.log(`renderização: ${RUNS} execuções por amostra, carga da máquina ${loadavg()[0]?.toFixed(1)}`);
console.log(
  `${'amostra'.padEnd(32)} ${'pág.'.padStart(5)} ${'KB'.padStart(6)} ${'CPU ms'.padStart(8)} ${'CPU ms/pág.'.padStart(12)}`,
);
for (const [name, render] of renders) {
  let pdf = await render();
  await render();
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) pdf = await render();
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / RUNS;
  const pages = pageCount(pdf);
  if (outDir) writeFileSync(path.join(outDir, `${name}.pdf`), pdf);
  console.log(
    `${name.padEnd(32)} ${String(pages).padStart(5)} ${(pdf.length / 1024).toFixed(0).padStart(6)} ${ms
      .toFixed(1)
      .padStart(8)} ${(ms / Math.max(pages, 1)).toFixed(1).padStart(12)}`,
  );
}
console.log('');

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

// The issued certificate's print is rendered once and then served from the file store (issue 39): the first request
// (a warm-up) stores it; `ncmReference=false` is still rendered on every request, as every print was before.
const cases: [string, string, Record<string, string>?][] = [
  [
    'certificado (PDF no modelo do acordo, QR)',
    `/v1/certificate/print?certificateId=${certificate}&ncmReference=false`,
  ],
  ['certificado emitido, cópia guardada', `/v1/certificate/print?certificateId=${certificate}`],
  ['pré-recibo do certificado', `/v1/certificate/prereceipt/${certificate}`],
  ['declaração de origem', `/v1/declaration/print/${declaration}`],
  ['declaração, pré-visualização (marca d’água)', `/v1/declaration/print_preview/${declaration}`],
  ['recibo de pré-cadastro', `/v1/pre_registration/receipt/${preRegistration}`],
];
const stored = await t.request('GET', `/v1/certificate/print?certificateId=${certificate}`, { token: admin });
const etag = stored.headers.etag;
if (etag)
  cases.splice(2, 0, [
    'certificado emitido, If-None-Match (304)',
    `/v1/certificate/print?certificateId=${certificate}`,
    { 'if-none-match': String(etag) },
  ]);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// CPU ms: this process's CPU time per request (the whole stack runs in it: inject, no network).
console.log(`documentos: ${RUNS} requisições por caso, PGlite com os dados de demonstração`);
console.log(
  `${'caso'.padEnd(46)} ${'status'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU ms'.padStart(7)} ${'KB'.padStart(6)}`,
);
for (const [name, url, headers] of cases) {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  let cpu = process.cpuUsage();
  for (let i = 0; i < RUNS + 2; i++) {
    if (i === 2) cpu = process.cpuUsage();
    const started = performance.now();
    const res = await t.request('GET', url, { token: admin, headers });
    const ms = performance.now() - started;
    status = res.statusCode;
    bytes = res.rawPayload.length;
    if (i >= 2) times.push(ms);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(46)} ${String(status).padStart(6)} ${percentile(times, 50).toFixed(0).padStart(7)} ${percentile(
      times,
      99,
    )
      .toFixed(0)
      .padStart(7)} ${((used.user + used.system) / 1000 / RUNS).toFixed(1).padStart(7)} ${(bytes / 1024)
      .toFixed(0)
      .padStart(6)}`,
  );
}

// ---- signatures ------------------------------------------------------------------------------------------------
const pdf = (
  await t.request('GET', `/v1/certificate/print?certificateId=${certificate}&ncmReference=false`, {
    token: admin,
  })
).rawPayload;
await t.close();

const ca = testCa();
const trust = parseTrustList(ca.certPem);
const exporter = testPerson(ca, { name: 'RESPONSAVEL LEGAL', cpf: '12345678909' });
const official = testPerson(ca, { name: 'OFICIAL DA ENTIDADE', cpf: '98765432100' });
const sealKeys = testPerson(ca, { name: 'ASSOCIACAO COMERCIAL', cpf: '11222333000' });
const seal = cmsSigner({ privateKeyPem: sealKeys.keyPem, certificatePem: sealKeys.certPem }, trust);

function codSignedTwice(): string {
  const first = signCod(
    buildCod(codSampleInput('A18'), { form: 'A18', version: '1.8.3' }),
    'COD',
    exporter.keyPem,
    exporter.certPem,
  );
  return signCod(certifyCod(first, codSampleCertification), 'CODEH', official.keyPem, official.certPem);
}
const complete = codSignedTwice();
const signedPdf = await signPdf(pdf, seal, { reason: 'Certificado de origem', at: new Date() });
const at = new Date();

const signatureCases: [string, number | null, () => unknown][] = [
  ['COD: montar + 1ª e 2ª assinaturas', 20, codSignedTwice],
  [
    'COD: verificar as 2 assinaturas e as cadeias',
    25,
    () => {
      // As the second signature is received: parsed once, both signatures, both signers.
      const who = 'do signatário';
      const doc = parseCod(complete);
      checkSigner(verifyCodSignature(complete, 'COD', doc), { trust, at, cpf: '12345678909', who });
      checkSigner(verifyCodSignature(complete, 'CODEH', doc), { trust, at, cpf: '98765432100', who });
    },
  ],
  [
    `PAdES: assinar o PDF do certificado (${(pdf.length / 1024).toFixed(0)} KB)`,
    null,
    () => signPdf(pdf, seal, { reason: 'Certificado de origem', at: new Date() }),
  ],
  ['PAdES: verificar (intervalos, CMS, cadeia)', null, () => verifyPdfSignature(signedPdf, { trust })],
];

// On a shared machine the wall clock includes waiting for a core: the CPU column (this process's CPU time per run)
// and the load average tell a slow machine from slow code.
console.log(
  `\nassinaturas: ${RUNS} execuções por caso, RSA 2048, carga da máquina ${loadavg()[0]?.toFixed(1)} em ${availableParallelism()} núcleos`,
);
console.log(
  `${'caso'.padEnd(46)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU ms'.padStart(7)} ${'meta'.padStart(10)}`,
);
for (const [name, goal, work] of signatureCases) {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) await work();
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const verdict = goal === null ? '' : `≤ ${goal} ${p50 <= goal ? 'ok' : 'ACIMA'}`;
  console.log(
    `${name.padEnd(46)} ${p50.toFixed(1).padStart(7)} ${percentile(times, 99).toFixed(1).padStart(7)} ${(
      (used.user + used.system) /
      1000 /
      RUNS
    )
      .toFixed(1)
      .padStart(7)} ${verdict.padStart(10)}`,
  );
}
