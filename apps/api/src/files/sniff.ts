/**
 * What an upload really is, decided from its bytes, never from its name or the browser's content type. `xml` is
 * only ever a file the server made (a signed declaration): no upload policy accepts it and the sniffer never says it.
 */
export type FileKind = 'png' | 'jpeg' | 'svg' | 'pdf' | 'csv' | 'xml' | 'xlsx';

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
  xml: 'application/xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const KIND_LABEL: Record<FileKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  svg: 'SVG',
  pdf: 'PDF',
  csv: 'CSV',
  xml: 'XML',
  xlsx: 'XLSX',
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
  // A zip (an Office Open XML workbook is one): only the spreadsheet import accepts it, and reads it as a workbook.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (!isText(head)) return null;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return 'csv';
}

// The SVG elements that can change what a drawing points at (an <animate> of href to javascript:) or pull in
// styles and foreign content. DOMPurify's SVG profile already drops scripts and event attributes.
const FORBIDDEN_SVG_TAGS = [
  'script',
  'style',
  'foreignObject',
  'set',
  'animate',
  'animateMotion',
  'animateTransform',
  'animateColor',
  'discard',
  'iframe',
  'embed',
  'object',
];
// Only references inside the drawing itself (#id), or an embedded raster image.
const LOCAL_REFERENCE = /^#[\w.:-]*$/;
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)|@import|expression\(/i;

type Purifier = { sanitize: (dirty: string) => string | null };
let purifier: Promise<Purifier> | undefined;

/** DOMPurify needs a DOM; jsdom is loaded only when the first SVG arrives, then reused. */
function svgPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const purify = createDOMPurify(new JSDOM('').window);
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue.trim();
      if (name === 'href' || name === 'xlink:href') {
        const embedded = node.nodeName.toLowerCase() === 'image' && EMBEDDED_IMAGE.test(value);
        if (!LOCAL_REFERENCE.test(value) && !embedded) data.keepAttr = false;
      } else if (EXTERNAL_URL.test(value)) {
        data.keepAttr = false;
      }
    });
    return {
      sanitize: (dirty) => {
        const body = purify.sanitize(dirty, {
          USE_PROFILES: { svg: true, svgFilters: true },
          ADD_TAGS: ['use'],
          FORBID_TAGS: FORBIDDEN_SVG_TAGS,
          RETURN_DOM_FRAGMENT: true,
        });
        // One drawing and nothing else around it.
        const svg = body.firstElementChild;
        const stray = [...body.childNodes].some(
          (n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '',
        );
        if (svg?.nodeName.toLowerCase() !== 'svg' || body.childElementCount !== 1 || stray) {
          return null;
        }
        // Saved as a file of its own, the drawing needs its namespaces declared.
        svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
        if (/\sxlink:/.test(svg.outerHTML)) svg.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
        return svg.outerHTML;
      },
    };
  })();
  return purifier;
}

/**
 * An SVG is a document that can run script. A logo is kept as a drawing only: scripts, event attributes,
 * <set>/<animate> (which can rewrite an href), <style>, foreign content and references outside the drawing are
 * removed by DOMPurify. Returns the cleaned SVG, or null when no drawing is left.
 */
export async function sanitizeSvg(svg: string): Promise<string | null> {
  // The prolog and DOCTYPE (with any entity declarations) go first: the HTML parser would keep their debris as text.
  const body = svg
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/gi, '')
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
    .trim();
  const clean = (await svgPurifier()).sanitize(body);
  return clean === null ? null : `<?xml version="1.0" encoding="UTF-8"?>\n${clean}`;
}
