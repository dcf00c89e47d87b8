import { z } from 'zod';

/** A stored file as records show it (logo, social contract, procuration…); the bytes come from its download call. */
export const storedFileInfoSchema = z.object({
  name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  updated_at: z.string(),
});
export type StoredFileInfo = z.infer<typeof storedFileInfoSchema>;

/**
 * SPEC §9 default download names. A stored file is saved under its name here (plus the stored file's extension),
 * and the screens show the file by that same name, so what the user sees is what lands in the downloads folder.
 */
export const DOWNLOAD_NAMES = {
  socialContract: 'contrato_social',
  procuration: 'procuracao',
  logo: 'logo',
  classificationList: 'lista_classificacao.csv',
  audit: 'audit.csv',
  performanceAudit: 'performance_audit.csv',
} as const;

// As apps/api/src/files/records.ts names downloads: up to five characters, lower case.
const extensionOf = (name: string) => /\.[a-z0-9]{1,5}$/i.exec(name)?.[0]?.toLowerCase() ?? '';

/** 'contrato_social' + 'Contrato ACME.PDF' → 'contrato_social.pdf'; a name with its own extension is kept. */
export function downloadFileName(base: string, storedName: string): string {
  return extensionOf(base) ? base : `${base}${extensionOf(storedName)}`;
}
