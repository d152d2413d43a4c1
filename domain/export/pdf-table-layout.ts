/**
 * @module Layout of a PDF table: the largest font size at which the columns fit the page width, each
 * column's width and left edge, and the header row wrapped to at most three lines.
 */
import { textWidth, winAnsi } from './pdf';
import { wrapText } from './pdf-table-wrap';

export interface PdfTableColumn {
  header: string;
  /** Numbers read better right-aligned. Default left. */
  align?: 'left' | 'right';
  /** Never cut (dates, numbers, statuses): only the other columns give up width when space is short. */
  keep?: boolean;
}

export interface Layout {
  size: number;
  pad: number;
  widths: number[];
  lefts: number[];
  header: string[][];
  headerHeight: number;
  rowHeight: number;
}

/** Page margin on every side, in points. */
export const MARGIN = 28;
const FONT_SIZES = [7, 6.5, 6, 5.5, 5];
const MAX_HEADER_LINES = 3;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Column widths that fill `avail` points: the largest font size at which the columns fit. */
export function tableLayout(columns: PdfTableColumn[], sample: string[][], avail: number): Layout {
  const headers = columns.map((c) => winAnsi(c.header));
  let size = FONT_SIZES[0] ?? 7;
  let natural: number[] = [];
  for (const s of FONT_SIZES) {
    size = s;
    const pad = s * 0.45;
    natural = columns.map((col, i) => {
      const words = (headers[i] ?? '').split(' ').map((w) => textWidth(w, 'bold', s));
      const cells = sample.map((r) => textWidth(r[i] ?? '', 'regular', s));
      // Numbers must not be cut, and their sum is a little wider than any cell; texts may be.
      const body =
        col.align === 'right'
          ? Math.max(0, ...cells) + textWidth('00', 'regular', s)
          : Math.min(percentile(cells, 0.9), 30 * s);
      return Math.max(...words, body, 3 * s) + 2 * pad;
    });
    if (natural.reduce((a, b) => a + b, 0) <= avail) break;
  }
  const total = natural.reduce((a, b) => a + b, 0);
  const fixed = natural.reduce((a, w, i) => a + (columns[i]?.keep ? w : 0), 0);
  // Too wide even at the smallest size: cut the free columns only, unless that leaves them nothing.
  const shrinkFree = total > avail && avail - fixed >= (total - fixed) * 0.3;
  const widths = natural.map((w, i) =>
    shrinkFree ? (columns[i]?.keep ? w : (w * (avail - fixed)) / (total - fixed)) : (w * avail) / total,
  );
  const lefts: number[] = [];
  let x = MARGIN;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  const pad = size * 0.45;
  const header = headers.map((h, i) =>
    wrapText(h, 'bold', size, (widths[i] ?? 0) - 2 * pad, MAX_HEADER_LINES).slice(0, MAX_HEADER_LINES),
  );
  const lines = Math.max(1, ...header.map((h) => h.length));
  return { size, pad, widths, lefts, header, headerHeight: lines * size * 1.2 + size, rowHeight: size * 1.6 };
}
