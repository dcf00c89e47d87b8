import { type PublicLang, publicLocale, publicTexts } from '@origem/contract/public-i18n';
import type { DocumentVerification } from '@origem/contract/schemas/document-verification';
import { type Block, renderPdf } from './render';

/**
 * The "Verificar documento" report as a PDF (issue 37), in the reader's language: the verdict, then each signature
 * and timestamp with its checks, the PAdES level and DSS of a PDF, the schema and evidence record of a COD, and the
 * problems in the words the server gave them.
 */

type Row = [string, string];

const table = (rows: Row[]): Block => ({
  table: {
    widths: [150, '*'],
    body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value }]),
  },
  layout: 'lightHorizontalLines',
  margin: [0, 0, 0, 10],
});

export async function verificationReportPdf(report: DocumentVerification, lang: PublicLang): Promise<Buffer> {
  const t = publicTexts[lang];
  const date = (value: string | null) =>
    value ? new Date(value).toLocaleString(publicLocale[lang], { timeZone: 'America/Sao_Paulo' }) : '—';
  const check = (ok: boolean, message: string | null) =>
    ok ? t.ok : `${t.notOk}${message ? ` — ${message}` : ''}`;
  const content: Block[] = [
    { text: t.reportTitle, fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
    {
      text: report.valid ? t.validDocument : t.invalidDocument,
      color: report.valid ? '#237804' : '#a8071a',
      bold: true,
      margin: [0, 0, 0, 10],
    },
    table([
      [t.file, report.file_name],
      ['SHA-256', report.sha256],
      [t.kind, report.kind === 'pdf' ? t.kindPdf : t.kindCod],
    ]),
  ];
  if (report.pdf) {
    const { pdf } = report;
    content.push(
      table([
        [t.padesLevel, pdf.pades_level ?? t.noLevel],
        [t.wholeFile, pdf.whole_file_covered ? t.yes : t.no],
        [t.dss, pdf.dss ? t.dssCounts(pdf.dss.certificates, pdf.dss.ocsps, pdf.dss.crls) : t.none],
      ]),
    );
    for (const s of pdf.signatures) {
      content.push({
        text: s.kind === 'signature' ? t.signature : t.documentTimestamp,
        bold: true,
        fontSize: 12,
      });
      const rows: Row[] = [
        [t.signer, [s.signer_name, s.signer_cpf].filter(Boolean).join(' — ') || '—'],
        [t.integrity, check(s.integrity.ok, s.integrity.message)],
        [t.chain, check(s.chain.ok, s.chain.message)],
      ];
      if (s.kind === 'signature') rows.push([t.claimedAt, date(s.claimed_at)]);
      rows.push([t.provenAt, date(s.proven_at)]);
      if (s.timestamp) {
        rows.push([
          t.timestamp,
          `${check(s.timestamp.ok, s.timestamp.message)} — ${s.timestamp.authority ?? '—'}, ${date(s.timestamp.gen_time)}`,
        ]);
      }
      if (s.revocation) {
        rows.push([t.revocation, `${t.revocationStatus[s.revocation.status]} — ${s.revocation.message}`]);
      }
      if (s.policy) rows.push([t.policy, s.policy]);
      content.push(table(rows));
    }
  }
  if (report.cod) {
    const { cod } = report;
    content.push(
      table([
        ['CertificateID', cod.certificate_id ?? '—'],
        [t.schema, cod.schema.valid ? t.schemaValid(cod.schema.file) : t.schemaInvalid(cod.schema.file)],
        ...cod.signatures.map(
          (s): Row => [
            t.codSignature[s.target],
            `${t.codStatus[s.status]}${s.signer_name ? ` — ${s.signer_name}` : ''}${s.reason ? ` — ${s.reason}` : ''}`,
          ],
        ),
      ]),
    );
  }
  if (report.evidence) {
    const { evidence } = report;
    content.push({ text: t.evidenceRecord, bold: true, fontSize: 12 });
    content.push(
      table([
        [
          t.timestamp,
          `${check(evidence.timestamp.ok, evidence.timestamp.message)} — ${evidence.timestamp.authority ?? '—'}, ${date(evidence.timestamp.gen_time)}`,
        ],
        ...evidence.signers.map(
          (s): Row => [
            `${t.revocation} (${s.name})`,
            `${t.revocationStatus[s.revocation.status]} — ${s.revocation.message}`,
          ],
        ),
      ]),
    );
  }
  if (report.problems.length > 0) {
    content.push({ text: t.problems, bold: true, fontSize: 12 });
    content.push({
      stack: report.problems.map((problem) => ({ text: `• ${problem}` })),
      margin: [0, 0, 0, 10],
    });
  }
  content.push({ text: t.generatedAt(date(new Date().toISOString())), fontSize: 8, color: '#595959' });
  return renderPdf(content, { title: t.reportTitle, pageLabel: t.page, createdAt: new Date() });
}
