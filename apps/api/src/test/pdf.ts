import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Independent readers for the PDFs the product makes (Debian's poppler-utils and zbar-tools): the text a reader
 * extracts, and the QR codes a phone would scan from the rendered pages.
 */

function withFile<T>(pdf: Buffer, work: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'origem-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return work(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The document's text in reading order (pdftotext -layout). */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  );
}

/**
 * The text in the order it is drawn, with every space removed: a watermark drawn at an angle comes out whole here,
 * where the layout mode cuts it into the lines it crosses.
 */
export function pdfDrawnText(pdf: Buffer): string {
  return withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ''),
  );
}

/** A page rendered by poppler (pdftoppm) as RGB pixels, at `dpi`. */
export function pdfPixels(
  pdf: Buffer,
  page = 1,
  dpi = 72,
): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number] } {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      path.join(dir, 'p'),
    ]);
    const name = readdirSync(dir).find((f) => f.endsWith('.ppm'));
    const ppm = readFileSync(path.join(dir, name ?? ''));
    // P6 header: magic, width, height, max value, each followed by one whitespace.
    const header = /^P6\s+(\d+)\s+(\d+)\s+\d+\s/.exec(ppm.toString('latin1', 0, 64));
    if (!header) throw new Error('pdftoppm: not a PPM');
    const width = Number(header[1]);
    const data = ppm.subarray(header[0].length);
    return {
      width,
      height: Number(header[2]),
      rgb: (x, y) => {
        const at = (y * width + x) * 3;
        return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
      },
    };
  });
}

/** Every QR code on the rendered pages, decoded. */
export function pdfQrCodes(pdf: Buffer): string[] {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', '110', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir).filter((name) => name.endsWith('.png'));
    const codes: string[] = [];
    for (const page of pages) {
      // zbarimg exits with 4 when a page has no code: only its output counts.
      const out = spawnSync('zbarimg', ['--quiet', '--raw', path.join(dir, page)], { encoding: 'utf8' });
      if (out.status !== 0 && out.status !== 4) throw new Error(`zbarimg: ${out.stderr}`);
      codes.push(...out.stdout.split('\n').filter(Boolean));
    }
    return codes;
  });
}

/** The PDF's metadata and fonts (pdfinfo, pdffonts): embedded fonts are what print accents everywhere. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  return withFile(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        return { name: cols[0] ?? '', embedded: cols[cols.length - 5] === 'yes' };
      }),
  );
}

/** What poppler's pdfsig says about the PDF's signatures (its exit status is not the verdict: read the text). */
export function pdfSignatures(pdf: Buffer): string {
  return withFile(pdf, (file) => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  });
}
