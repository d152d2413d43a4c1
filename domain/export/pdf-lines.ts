/**
 * @module A short document of lines as an A4 portrait PDF (the home reimbursement statement, the revenue
 * report): titles, headings, label/value pairs, text and table rows (cells at fixed x positions, numbers
 * right-aligned), flowing onto as many pages as the lines need, each page numbered. Written with the
 * streaming writer (pdf.ts: standard Helvetica, WinAnsi text), contents left uncompressed, so the text is
 * searchable in the bytes (tests read it back).
 */
import { bytesOf, PdfWriter, pdfDate, pdfLiteral, textWidth, winAnsi } from './pdf';

export const A4_PORTRAIT = { width: 595, height: 842 } as const;
const TOP = A4_PORTRAIT.height - 72;
const BOTTOM = 72;
/** The left margin. */
export const LEFT = 56;

/** One cell of a table row: its text starts at `x`, or ends there when `right`. */
export interface PdfCell {
  x: number;
  text: string;
  right?: boolean;
}

export type PdfLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'pair'; label: string; value: string; bold?: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'row'; cells: PdfCell[]; bold?: boolean };

const HEIGHT: Record<PdfLine['kind'], number> = { title: 36, heading: 26, pair: 18, text: 15, row: 14 };

export interface LinesPdfOptions {
  /** The document's title (Info dictionary). */
  title: string;
  /** The footer of each page: "Page {{page}} of {{pages}}". */
  pageLabel: string;
  createdAt: Date;
  /** x of a pair's value. Default 260. */
  valueX?: number;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

const show = (font: string, size: number, x: number, y: number, bytes: string) =>
  `BT ${font} ${size} Tf ${Math.round(x * 100) / 100} ${y} Td ${pdfLiteral(bytes)} Tj ET\n`;

/** The lines' page contents (operators), one string per page. */
function pageContents(lines: readonly PdfLine[], valueX: number): string[] {
  const pages: string[] = [];
  let text = '';
  let y = TOP;
  for (const line of lines) {
    if (y - HEIGHT[line.kind] < BOTTOM) {
      pages.push(text);
      text = '';
      y = TOP;
    }
    if (line.kind === 'title') {
      text += show('/F2', 16, LEFT, y, winAnsi(line.text));
      y -= HEIGHT.title;
    } else if (line.kind === 'heading') {
      y -= HEIGHT.heading - 14;
      if (line.text) text += show('/F2', 12, LEFT, y, winAnsi(line.text));
      y -= 14;
    } else if (line.kind === 'pair') {
      if (line.label) text += show('/F2', 10, LEFT, y, winAnsi(line.label));
      text += show(line.bold ? '/F2' : '/F1', 10, valueX, y, winAnsi(line.value));
      y -= HEIGHT.pair;
    } else if (line.kind === 'row') {
      const font = line.bold ? '/F2' : '/F1';
      for (const cell of line.cells) {
        const bytes = winAnsi(cell.text);
        const x = cell.right ? cell.x - textWidth(bytes, line.bold ? 'bold' : 'regular', 8) : cell.x;
        text += show(font, 8, x, y, bytes);
      }
      y -= HEIGHT.row;
    } else {
      text += show('/F1', 10, LEFT, y, winAnsi(line.text));
      y -= HEIGHT.text;
    }
  }
  pages.push(text);
  return pages;
}

/** The lines as PDF bytes: one page, or as many as they need, each numbered. */
export function linesPdf(lines: readonly PdfLine[], o: LinesPdfOptions): Uint8Array<ArrayBuffer> {
  const pagesText = pageContents(lines, o.valueX ?? 260);
  const chunks: Uint8Array[] = [];
  const pdf = new PdfWriter((c) => chunks.push(c));
  const [catalog, pages, regular, bold, info] = Array.from({ length: 5 }, () => pdf.reserve()) as number[] as [
    number,
    number,
    number,
    number,
    number,
  ];
  const pageIds = pagesText.map(() => [pdf.reserve(), pdf.reserve()] as const);
  pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  pdf.object(
    pages,
    `<< /Type /Pages /Kids [${pageIds.map(([p]) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );
  pagesText.forEach((body, i) => {
    const [page, content] = pageIds[i] as readonly [number, number];
    const footer = fill(o.pageLabel, { page: i + 1, pages: pagesText.length });
    pdf.object(
      page,
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${A4_PORTRAIT.width} ${A4_PORTRAIT.height}] /Contents ${content} 0 R /Resources << /ProcSet [/PDF /Text] /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
    );
    pdf.stream(content, bytesOf(`${body}BT /F1 8 Tf ${LEFT} 40 Td ${pdfLiteral(winAnsi(footer))} Tj ET\n`));
  });
  pdf.object(regular, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pdf.object(bold, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pdf.object(info, `<< /Title ${pdfLiteral(winAnsi(o.title))} /CreationDate (${pdfDate(o.createdAt)}) >>`);
  pdf.finish(catalog, info);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
