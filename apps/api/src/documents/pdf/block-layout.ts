import { type ColumnWidth, columnsMinMax, columnWidths } from './column-widths';
import type { DocumentPages } from './document-pages';
import { imageObject } from './pdf-image';
import { qrCode } from './qr-code';
import { drawStack, type Strip, shifted, spacer, stackHeight } from './strip';
import { measureTable, type TableLines, tableStrips } from './table-layout';
import { type MeasuredText, measureText, type TextStyle, textStrips } from './text-flow';

/**
 * What a document is made of, in the shape pdfmake's document definitions had (the documents kept their content
 * as it was): text, stacks (an array is one), columns, tables, images, QR codes and lines, each with an optional
 * margin, a width when it is a column, a page break before it, and text style that its content inherits. A block
 * lays out at a width into strips (strip.ts) that the page flow places.
 */

export type BlockStyle = Partial<TextStyle>;
type Common = BlockStyle & {
  /** Left, top, right, bottom. */
  margin?: [number, number, number, number];
  pageBreak?: 'before';
  /** Its width as a column ('*' when not given). */
  width?: ColumnWidth;
};
export type TextBlock = Common & { text: string; link?: string };
export type StackBlock = Common & { stack: Block[] };
export type ColumnsBlock = Common & { columns: Block[]; columnGap?: number };
export type TableBlock = Common & {
  table: { widths: ColumnWidth[]; body: Block[][]; headerRows?: number };
  /** 'lightHorizontalLines', or a grid in a colour (a black grid when not given). */
  layout?: TableLines | { color: string };
};
export type ImageBlock = Common & { image: { bytes: Buffer; mime: string }; fit: [number, number] };
export type QrBlock = Common & { qr: string; fit: number };
export type LineBlock = Common & {
  canvas: {
    type: 'line';
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    lineWidth?: number;
    lineColor?: string;
  }[];
};
export type Block =
  | Block[]
  | TextBlock
  | StackBlock
  | ColumnsBlock
  | TableBlock
  | ImageBlock
  | QrBlock
  | LineBlock;

const STYLE_KEYS = ['fontSize', 'bold', 'italics', 'color', 'alignment', 'lineHeight'] as const;

function styled(block: Block, inherited: TextStyle): TextStyle {
  if (Array.isArray(block)) return inherited;
  let style = inherited;
  for (const key of STYLE_KEYS) {
    if (block[key] !== undefined) {
      if (style === inherited) style = { ...inherited };
      (style as Record<string, unknown>)[key] = block[key];
    }
  }
  return style;
}

const margins = (block: Block) => (Array.isArray(block) ? undefined : block.margin) ?? [0, 0, 0, 0];

/** An image's size in its `fit` box, its proportions kept. */
function fitted(image: ImageBlock) {
  const { width, height } = imageObject(image.image.bytes, image.image.mime);
  const [w, h] = image.fit;
  const factor = width / height > w / h ? w / width : h / height;
  return { width: width * factor, height: height * factor };
}

export class BlockLayout {
  private readonly texts = new WeakMap<TextBlock, MeasuredText>();

  constructor(private readonly doc: DocumentPages) {}

  /** The block's strips at a width, its margins included. */
  strips(block: Block, width: number, inherited: TextStyle): Strip[] {
    const style = styled(block, inherited);
    const [left, top, right, bottom] = margins(block);
    const inner = shifted(this.content(block, width - left - right, style), left);
    const out = [...(top > 0 ? [spacer(top)] : []), ...inner, ...(bottom > 0 ? [spacer(bottom)] : [])];
    if (!Array.isArray(block) && block.pageBreak === 'before') {
      const first = out[0] ?? spacer(0);
      out[0] = { ...first, breakBefore: true };
    }
    return out;
  }

  /** The narrowest and widest the block can be laid out (words unbroken; lines unwrapped), margins included. */
  measure(block: Block, inherited: TextStyle): { min: number; max: number } {
    const style = styled(block, inherited);
    const [left, , right] = margins(block);
    const own = this.measureContent(block, style);
    return { min: own.min + left + right, max: own.max + left + right };
  }

  private text(block: TextBlock, style: TextStyle): MeasuredText {
    let found = this.texts.get(block);
    if (!found) {
      found = measureText(this.doc.faces, block.text, style);
      this.texts.set(block, found);
    }
    return found;
  }

  private content(block: Block, width: number, style: TextStyle): Strip[] {
    if (Array.isArray(block) || 'stack' in block)
      return (Array.isArray(block) ? block : block.stack).flatMap((child) =>
        this.strips(child, width, style),
      );
    if ('text' in block) return textStrips(this.text(block, style), width, block.link);
    if ('columns' in block) return [this.columns(block, width, style)];
    if ('table' in block) return tableStrips(this.table(block, style), width);
    if ('image' in block) {
      const { width: w, height: h } = fitted(block);
      const image = imageObject(block.image.bytes, block.image.mime);
      return [
        {
          height: h,
          draw: (page, x, top) => {
            const { name, ref } = this.doc.image(image);
            page.image(name, ref, { x, top, width: w, height: h });
          },
        },
      ];
    }
    if ('qr' in block) {
      const code = qrCode(block.qr, block.fit);
      return [{ height: code.size, draw: (page, x, top) => code.draw(page, x, top) }];
    }
    // Lines: the block is as high as their lowest end (a horizontal rule takes no height).
    const height = Math.max(0, ...block.canvas.flatMap((l) => [l.y1, l.y2]));
    return [
      {
        height,
        draw(page, x, top) {
          for (const l of block.canvas)
            page.line(x + l.x1, top + l.y1, x + l.x2, top + l.y2, l.lineWidth ?? 1, l.lineColor ?? 'black');
        },
      },
    ];
  }

  private measureContent(block: Block, style: TextStyle): { min: number; max: number } {
    if (Array.isArray(block) || 'stack' in block) {
      const measures = (Array.isArray(block) ? block : block.stack).map((child) =>
        this.measure(child, style),
      );
      return {
        min: Math.max(0, ...measures.map((m) => m.min)),
        max: Math.max(0, ...measures.map((m) => m.max)),
      };
    }
    if ('text' in block) {
      const text = this.text(block, style);
      return { min: text.minWidth, max: text.maxWidth };
    }
    if ('columns' in block) {
      const gaps = (block.columnGap ?? 0) * Math.max(0, block.columns.length - 1);
      const { min, max } = columnsMinMax(this.sizedColumns(block, style));
      return { min: min + gaps, max: max + gaps };
    }
    if ('table' in block) return measureTable(this.table(block, style));
    if ('image' in block) {
      const { width } = fitted(block);
      return { min: width, max: width };
    }
    if ('qr' in block) {
      const { size } = qrCode(block.qr, block.fit);
      return { min: size, max: size };
    }
    const width = Math.max(0, ...block.canvas.flatMap((l) => [l.x1, l.x2]));
    return { min: width, max: width };
  }

  private sizedColumns(block: ColumnsBlock, style: TextStyle) {
    return block.columns.map((column) => ({
      width: (Array.isArray(column) ? undefined : column.width) ?? '*',
      ...this.measure(column, style),
    }));
  }

  /** Columns side by side: one strip as high as the tallest, never split across pages. */
  private columns(block: ColumnsBlock, width: number, style: TextStyle): Strip {
    const gap = block.columnGap ?? 0;
    const widths = columnWidths(this.sizedColumns(block, style), width - gap * (block.columns.length - 1));
    let x = 0;
    const laid = block.columns.map((column, i) => {
      const w = widths[i] as number;
      const placed = { x, strips: this.strips(column, w, style) };
      x += w + gap;
      return placed;
    });
    return {
      height: Math.max(0, ...laid.map((c) => stackHeight(c.strips))),
      draw(page, left, top) {
        for (const c of laid) drawStack(c.strips, page, left + c.x, top);
      },
    };
  }

  private table(block: TableBlock, style: TextStyle) {
    const layout = block.layout;
    return {
      widths: block.table.widths,
      headerRows: block.table.headerRows,
      lines: typeof layout === 'string' ? layout : 'grid',
      color: typeof layout === 'object' ? layout.color : undefined,
      rows: block.table.body.map((row) =>
        row.map((cell) => ({
          ...this.measure(cell, style),
          layout: (w: number) => this.strips(cell, w, style),
        })),
      ),
    } as const;
  }
}
