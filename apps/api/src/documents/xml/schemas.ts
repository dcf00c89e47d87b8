import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** ALADI's COD schemas, copied from shared/aladi with the W3C signature schema imported locally (offline). */
export const COD_SCHEMAS = {
  unsigned: 'cod_ver_1.8.2_exporter_unsigned.xsd',
  exporterSigned: 'cod_ver_1.8.2_exporter_signed.xsd',
  complete: 'cod_ver_1.8.3.xsd',
} as const;
export type CodStage = keyof typeof COD_SCHEMAS;

export const schemaPath = (stage: CodStage) =>
  fileURLToPath(new URL(`./schemas/${COD_SCHEMAS[stage]}`, import.meta.url));

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
