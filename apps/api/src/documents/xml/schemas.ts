import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CodStageCode } from '@origem/contract/schemas/cod-inspection';
import type { DerivedStage } from './stage-schemas';

/**
 * ALADI's COD schemas (copied from shared/aladi with the W3C signature schema imported locally, for offline use) and
 * the stage schemas derived from them (stage-schemas.ts). Per version, one file per stage: before any signature,
 * after the exporter's, and complete. A certified document (EH filled, not yet signed by the entity) is checked
 * against the complete schema, whose only complaint must then be the entity's missing signature.
 */

export const COD_SCHEMA_VERSIONS = ['1.8.2', '1.8.3', '4.1.0'] as const;
export type CodSchemaVersion = (typeof COD_SCHEMA_VERSIONS)[number];
export type CodStage = CodStageCode;

const STAGE_SUFFIX: Record<CodStage, string> = {
  unsigned: '_exporter_unsigned',
  exporter_signed: '_exporter_signed',
  certified: '',
  complete: '',
};

export type CodSchemaFile =
  `cod_ver_${CodSchemaVersion}${'' | '_exporter_unsigned' | '_exporter_signed'}.xsd`;

/** The schema a document of this version and stage must satisfy. */
export const codSchemaFile = (version: CodSchemaVersion, stage: CodStage): CodSchemaFile =>
  `cod_ver_${version}${STAGE_SUFFIX[stage]}.xsd` as CodSchemaFile;

/** The stage files this repository derives (1.8.2's come from ALADI): scripts/derive-cod-schemas.ts writes them. */
export const DERIVED_STAGE_FILES: { file: CodSchemaFile; source: CodSchemaFile; stage: DerivedStage }[] = (
  ['1.8.3', '4.1.0'] as const
).flatMap((version) =>
  (['exporter_unsigned', 'exporter_signed'] as const).map((stage) => ({
    file: codSchemaFile(version, stage === 'exporter_unsigned' ? 'unsigned' : 'exporter_signed'),
    source: codSchemaFile(version, 'complete'),
    stage,
  })),
);

/**
 * The schema version a document declaring `CODVer` is checked against: 4.x → 4.1.0, 1.8.3 → 1.8.3, any other
 * (1.8.0, 1.8.2, none) → 1.8.2, the oldest we hold (1.8.x files differ little).
 */
export function schemaVersionOf(declared: string | null | undefined): CodSchemaVersion {
  if (declared?.startsWith('4.')) return '4.1.0';
  if (declared === '1.8.3') return '1.8.3';
  return '1.8.2';
}

/** xmllint's complaint about the entity's signature missing after `CODEH`: what a certified document lacks. */
export const MISSING_SIGNATURE =
  /Missing child element\(s\)\. Expected is \( \{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}Signature \)/;

export const schemaFilePath = (file: CodSchemaFile) =>
  fileURLToPath(new URL(`./schemas/${file}`, import.meta.url));

/** The entity's missing signature is what makes a document "certified", not a defect of it. */
const expected = (stage: CodStage) => (line: string) =>
  !(stage === 'certified' && MISSING_SIGNATURE.test(line));

/**
 * The independent check, blocking (tests and scripts): libxml2's xmllint against the schema for the version and
 * stage. Returns null when valid, else xmllint's complaints.
 */
export function xmllintErrors(
  xml: string,
  stage: CodStage,
  version: CodSchemaVersion = '1.8.3',
): string | null {
  try {
    execFileSync(
      'xmllint',
      ['--nonet', '--noout', '--schema', schemaFilePath(codSchemaFile(version, stage)), '-'],
      {
        input: xml,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    return null;
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    const complaints = (e.stderr?.toString() || e.message)
      .split('\n')
      .filter((line) => line.trim() && !/ fails to validate$/.test(line))
      .filter(expected(stage));
    return complaints.length > 0 ? complaints.join('\n') : null;
  }
}

const XMLLINT_TIMEOUT_MS = 15_000;

/**
 * xmllint against one schema file without blocking the server (a request path): the list of its complaints,
 * `Linha N: …`, empty when valid. `--nonet` and no `--noent`: nothing external is fetched and no entity is expanded
 * (callers refuse DTDs before this anyway).
 */
export function schemaErrors(xml: string, file: CodSchemaFile): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--nonet', '--noout', '--schema', schemaFilePath(file), '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
      timeout: XMLLINT_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 256 * 1024) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) return reject(new Error(`xmllint interrompido (${signal})`));
      if (code === 0) return resolve([]);
      const lines = stderr
        .split('\n')
        .map((line) => /^-:(\d+): (?:.*?validity error : |parser error : )?(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => !!m)
        .map((m) => `Linha ${m[1]}: ${m[2]}`);
      resolve(lines.length > 0 ? lines : [stderr.trim() || `xmllint terminou com o código ${code}`]);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(xml);
  });
}

/** A document's complaints against its version's schema for the stage (the certified stage's missing signature aside). */
export async function codSchemaErrors(
  xml: string,
  version: CodSchemaVersion,
  stage: CodStage,
): Promise<string[]> {
  return (await schemaErrors(xml, codSchemaFile(version, stage))).filter(expected(stage));
}
