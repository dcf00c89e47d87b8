/** What an upload really is, decided from its bytes, never from its name or the browser's content type. */
export type FileKind = 'png' | 'jpeg' | 'svg' | 'pdf' | 'csv';

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
};

export const KIND_LABEL: Record<FileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  svg: 'SVG',
  pdf: 'PDF',
  csv: 'CSV',
};

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // Valid UTF-8 or plain Latin-1 text: no control characters other than tab, CR, LF.
  for (const byte of head) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

/** Identifies the kind from the first bytes (4 KiB are plenty); null when it is none we accept. */
export function sniffKind(head: Buffer): FileKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (!isText(head)) return null;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return 'csv';
}

/**
 * An SVG is a document that can run script: we accept only drawings. Anything active (script, event handlers,
 * javascript: or external references, foreignObject, entities) refuses the file instead of "cleaning" it.
 */
export function svgIsSafe(svg: string): boolean {
  const forbidden = [
    /<script/i,
    /\son[a-z]+\s*=/i,
    /javascript:/i,
    /<foreignObject/i,
    /<!ENTITY/i,
    /(xlink:)?href\s*=\s*["']\s*(?!#)[^"']+/i,
    /<iframe|<embed|<object/i,
  ];
  return !forbidden.some((re) => re.test(svg));
}
