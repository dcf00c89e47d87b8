import LineBreaker from 'linebreak';
import type { EmbeddedFace, FontName, ShapedWord } from './embedded-face';
import type { Strip } from './strip';

/**
 * Text set in lines the way pdfmake set it, so every document keeps its line breaks: the text is cut into words at
 * the Unicode line-break opportunities (UAX #14, a word keeping its trailing spaces), each word measured on its own
 * with the font's ligatures and kerning, and words fill a line while they fit without their trailing spaces. A word
 * wider than what is left of a line is cut at the most characters that fit; "\n" ends a line. A line is as high as
 * its font's ascender-to-descender box times the line height, the text hanging from its top.
 */

export type TextStyle = {
  fontSize: number;
  bold: boolean;
  italics: boolean;
  color: string;
  alignment: 'left' | 'right' | 'center';
  lineHeight: number;
};

type Inline = {
  text: string;
  word: ShapedWord;
  width: number;
  leadingCut: number;
  trailingCut: number;
  lineEnd: boolean;
};

export type MeasuredText = {
  face: EmbeddedFace;
  style: TextStyle;
  inlines: Inline[];
  /** The widest word, and the widest line unwrapped (what an 'auto' column sizes to). */
  minWidth: number;
  maxWidth: number;
};

export type TextLine = { inlines: Inline[]; width: number; height: number };

export const faceName = (style: { bold: boolean; italics: boolean }): FontName =>
  style.bold ? (style.italics ? 'boldItalic' : 'bold') : style.italics ? 'italic' : 'regular';

function splitWords(text: string): { text: string; lineEnd: boolean }[] {
  if (text.length === 0) return [{ text: '', lineEnd: false }];
  const words: { text: string; lineEnd: boolean }[] = [];
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let found = breaker.nextBreak(); found; found = breaker.nextBreak()) {
    const word = text.slice(last, found.position);
    if (found.required || /\r?\n$|\r$/.test(word))
      words.push({ text: word.replace(/\r?\n$|\r$/, ''), lineEnd: true });
    else words.push({ text: word, lineEnd: false });
    last = found.position;
  }
  return words;
}

const LEADING = /^\s+/;
const TRAILING = /\s+$/;

export function measureText(
  faces: Record<FontName, EmbeddedFace>,
  text: string,
  style: TextStyle,
): MeasuredText {
  const face = faces[faceName(style)];
  const widthOf = (s: string) => (face.word(s).width * style.fontSize) / 1000;
  const inlines = splitWords(text).map(({ text: word, lineEnd }) => {
    const leading = LEADING.exec(word)?.[0];
    const trailing = TRAILING.exec(word)?.[0];
    return {
      text: word,
      word: face.word(word),
      width: widthOf(word),
      leadingCut: leading ? widthOf(leading) : 0,
      trailingCut: trailing ? widthOf(trailing) : 0,
      lineEnd,
    };
  });
  let minWidth = 0;
  let maxWidth = 0;
  let line: { width: number; leadingCut: number; trailingCut: number } | null = null;
  for (const inline of inlines) {
    minWidth = Math.max(minWidth, inline.width - inline.leadingCut - inline.trailingCut);
    line ??= { width: 0, leadingCut: inline.leadingCut, trailingCut: 0 };
    line.width += inline.width;
    line.trailingCut = inline.trailingCut;
    maxWidth = Math.max(maxWidth, line.width - line.leadingCut - line.trailingCut);
    if (inline.lineEnd) line = null;
  }
  return { face, style, inlines, minWidth, maxWidth };
}

/** The text's lines at a width (pdfmake's LayoutBuilder.buildNextLine and Line, step for step). */
export function breakLines(text: MeasuredText, maxWidth: number): TextLine[] {
  const { face, style } = text;
  const widthOf = (s: string) => (face.word(s).width * style.fontSize) / 1000;
  const height = face.lineHeight(style.fontSize) * style.lineHeight;
  const queue = [...text.inlines];
  const lines: TextLine[] = [];
  while (queue.length > 0) {
    const inlines: Inline[] = [];
    let widths = 0;
    let leadingCut = 0;
    let trailingCut = 0;
    let forced = false;
    const available = () => maxWidth - (widths - leadingCut - trailingCut);
    for (;;) {
      const next = queue[0];
      if (!next) break;
      if (inlines.length > 0 && (forced || widths + next.width - leadingCut - next.trailingCut > maxWidth))
        break;
      let inline = queue.shift() as Inline;
      if (inline.text.length > 1 && inline.width > available()) {
        const fit = maxFitLength(inline.text, available(), widthOf);
        if (fit < inline.text.length) {
          const rest = inline.text.slice(fit);
          const head = inline.text.slice(0, fit);
          // The cut parts keep the word's leading and trailing cuts, as pdfmake's clone did.
          queue.unshift({ ...inline, text: rest, word: face.word(rest), width: widthOf(rest) });
          inline = { ...inline, text: head, word: face.word(head), width: widthOf(head) };
        }
      }
      if (inlines.length === 0) leadingCut = inline.leadingCut;
      trailingCut = inline.trailingCut;
      inlines.push(inline);
      widths += inline.width;
      if (inline.lineEnd) forced = true;
    }
    lines.push({ inlines, width: widths - leadingCut - trailingCut, height });
  }
  return lines;
}

function maxFitLength(text: string, maxWidth: number, widthOf: (s: string) => number): number {
  let low = 1;
  let high = text.length;
  let best = 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (widthOf(text.substring(0, mid)) <= maxWidth) {
      best = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

/** The text's lines as strips, each aligned in `width`. */
export function textStrips(text: MeasuredText, width: number, link?: string): Strip[] {
  const { face, style } = text;
  return breakLines(text, width).map((line) => {
    const offset =
      style.alignment === 'right'
        ? width - line.width
        : style.alignment === 'center'
          ? (width - line.width) / 2
          : 0;
    const start = -(line.inlines[0]?.leadingCut ?? 0);
    return {
      height: line.height,
      draw(page, x, top) {
        const left = x + offset + start;
        if (line.inlines.some((i) => i.text))
          page.text(
            face,
            style.fontSize,
            style.color,
            left,
            top,
            line.inlines.map((i) => i.word),
          );
        if (link) page.link({ x: x + offset, top, width: line.width, height: line.height }, link);
      },
    };
  });
}
