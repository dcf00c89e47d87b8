import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** ALADI's COD schemas, copied from shared/aladi with the W3C signature schema imported locally (offline). */
export const COD_SCHEMAS = {
  unsigned: 'cod_ver_1.8.2_exporter_unsigned.xsd',
  exporterSigned: 'cod_ver_1.8.2_exporter_signed.xsd',
  complete: 'cod_ver_1.8.3.xsd',
} as const;
export type CodStage = keyof typeof COD_SCHEMAS;

/** Every schema file shipped, including the complete ones of other versions (for CODs the product did not build). */
export const COD_SCHEMA_FILES = [
  ...Object.values(COD_SCHEMAS),
  'cod_ver_1.8.2.xsd',
  'cod_ver_4.1.0.xsd',
] as const;
export type CodSchemaFile = (typeof COD_SCHEMA_FILES)[number];

const schemaFilePath = (file: CodSchemaFile) => fileURLToPath(new URL(`./schemas/${file}`, import.meta.url));

export const schemaPath = (stage: CodStage) => schemaFilePath(COD_SCHEMAS[stage]);

/**
 * The independent check: libxml2's xmllint against ALADI's schema for the stage. Returns null when valid, else
 * xmllint's complaints.
 */
export function xmllintErrors(xml: string, stage: CodStage): string | null {
  try {
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', schemaPath(stage), '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return null;
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    return e.stderr?.toString() || e.message;
  }
}

const XMLLINT_TIMEOUT_MS = 15_000;

/**
 * xmllint against one schema file without blocking the server (a request path, unlike the tests' xmllintErrors):
 * the list of its complaints, `Linha N: …`, empty when valid. `--nonet` and no `--noent`: nothing external is
 * fetched and no entity is expanded (callers refuse DTDs before this anyway).
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
