/**
 * @module Content-stream operators of a PDF table: a line of text, the shaded header row, and a body
 * row whose cells all start on the same baseline (text cells wrapped, kept and number cells cut).
 */
import { type FontName, fitText, pdfLiteral, textWidth } from './pdf';
import { type Layout, MARGIN, type PdfTableColumn } from './pdf-table-layout';
import { cellLines } from './pdf-table-wrap';

/** Distance between the lines of a wrapped cell, in font sizes. */
const LINE_STEP = 1.2;

const F: Record<FontName, string> = { regular: '/F1', bold: '/F2' };

/** A number as the operators write it: integers as they are, else at most two decimals. */
export const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

/** One line of text at (x, y) in its own text object. */
export function text(x: number, y: number, bytes: string, font: FontName, size: number): string {
  return `BT ${F[font]} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfLiteral(bytes)} Tj ET\n`;
}

/** The lines of each cell of a row: text cells wrap (at most MAX_CELL_LINES), kept cells are cut. */
export function rowLines(columns: PdfTableColumn[], cells: string[], font: FontName, l: Layout): string[][] {
  return columns.map((col, i) => {
    const width = (l.widths[i] ?? 0) - 2 * l.pad;
    const bytes = cells[i] ?? '';
    if (col.keep || col.align === 'right') {
      const cut = fitText(bytes, font, l.size, width);
      return cut ? [cut] : [];
    }
    return cellLines(bytes, font, l.size, width);
  });
}

/** Height of a row whose tallest cell has `lines` lines. */
export const heightOf = (lines: number, l: Layout) => l.rowHeight + Math.max(0, lines - 1) * l.size * LINE_STEP;
/** Lines of the tallest cell of a row (at least one). */
export const tallest = (lines: string[][]) => Math.max(1, ...lines.map((c) => c.length));

/** One row whose first baseline is `y`, in one text object moving by relative offsets. */
export function row(columns: PdfTableColumn[], lines: string[][], y: number, font: FontName, l: Layout): string {
  let ops = `BT ${F[font]} ${num(l.size)} Tf\n`;
  let px = 0;
  let py = 0;
  for (let i = 0; i < columns.length; i++) {
    const width = (l.widths[i] ?? 0) - 2 * l.pad;
    const left = (l.lefts[i] ?? 0) + l.pad;
    (lines[i] ?? []).forEach((bytes, j) => {
      if (!bytes) return;
      const x = columns[i]?.align === 'right' ? left + width - textWidth(bytes, font, l.size) : left;
      const by = y - j * l.size * LINE_STEP;
      ops += `${num(x - px)} ${num(by - py)} Td ${pdfLiteral(bytes)} Tj\n`;
      px = x;
      py = by;
    });
  }
  return `${ops}ET\n`;
}

/** The header row under `top`: a grey band `avail` points wide with the wrapped bold headers. */
export function headerRow(columns: PdfTableColumn[], top: number, avail: number, l: Layout): string {
  let ops = `0.9 g ${MARGIN} ${num(top - l.headerHeight)} ${num(avail)} ${num(l.headerHeight)} re f 0 g\n`;
  l.header.forEach((lines, i) => {
    lines.forEach((line, j) => {
      const width = (l.widths[i] ?? 0) - 2 * l.pad;
      const left = (l.lefts[i] ?? 0) + l.pad;
      const x = columns[i]?.align === 'right' ? left + width - textWidth(line, 'bold', l.size) : left;
      ops += text(x, top - l.size * (1.2 * j + 1.25), line, 'bold', l.size);
    });
  });
  return ops;
}
