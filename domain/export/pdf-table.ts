/**
 * @module A table as a streamed PDF: landscape pages, the header row repeated on every page, page
 * numbers ("Page 3 of 12" — the total is a form XObject written at the end, so no page waits for
 * it), a title and intro lines (filter summary, generation time) on the first page, and an end
 * block (column sums, notes) after the last row. Rows are pulled from the source one page at a
 * time only when the consumer reads, and each page is written out (Flate-compressed) at once, so
 * memory stays bounded whatever the row count: one page of rows, plus one number per PDF object.
 * Column widths come from the header and the first rows; a longer text cell later wraps within
 * its column to at most two lines (words first, a word wider than the column is broken), and what
 * still does not fit ends in "…". A row is as tall as its tallest cell, and every cell of a row
 * starts on the same baseline, so rows stay aligned. Numbers, dates and statuses (`keep`) never wrap.
 */
import { zlibSync } from 'fflate';
import { type Cell, type RowSource, rowReader } from './cells';
import { bytesOf, fitText, PdfWriter, pdfDate, textWidth, winAnsi } from './pdf';
import { headerRow, heightOf, num, row, rowLines, tallest, text } from './pdf-table-draw';
import { type Layout, MARGIN, type PdfTableColumn, tableLayout } from './pdf-table-layout';
import { cellBytes, MAX_CELL_LINES, wrapText } from './pdf-table-wrap';

export type { PdfTableColumn } from './pdf-table-layout';

export interface PdfTableEnd {
  /** A bold row under the last row, one cell per column (e.g. the column sums). */
  sums?: Cell[] | null;
  /** Lines after the table (e.g. how many rows, which were left out of the sums). */
  notes?: string[];
}

export interface PdfTableOptions {
  title: string;
  /** Lines under the title on the first page (filter summary, generation time). */
  intro?: string[];
  /** Page label ending with the total: "Page {{page}} of {{pages}}". */
  pageLabel: string;
  /** Text at the bottom right of every page (e.g. the title and generation time). */
  footer?: string;
  /** Called once after the last row; its sums and notes close the table. */
  end?: () => PdfTableEnd;
  /**
   * Page size in points. Default: A4 landscape (842 × 595) when the columns fit at 6 pt or more,
   * else A3 landscape (1191 × 842), so wide variants stay legible without cutting dates or numbers.
   */
  page?: { width: number; height: number };
  /** Flate-compress page contents. Default true. */
  compress?: boolean;
  /** Document creation date (Info dictionary). Default now. */
  created?: Date;
}

export const A4_LANDSCAPE = { width: 842, height: 595 } as const;
export const A3_LANDSCAPE = { width: 1191, height: 842 } as const;
/** Smallest font size that still reads well on A4; below it the table moves to A3. */
const A4_MIN_SIZE = 6;
const FOOTER_Y = 14;
const FOOTER_SIZE = 7;
const TITLE_SIZE = 13;
const INTRO_SIZE = 8;
const SAMPLE_ROWS = 60;

/** A PDF text string for the Info dictionary: UTF-16BE with a byte order mark, in hex. */
function infoText(value: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < value.length; i++) hex += value.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/** The table as a PDF byte stream. */
export function pdfTableStream(
  columns: PdfTableColumn[],
  rows: RowSource,
  options: PdfTableOptions,
): ReadableStream<Uint8Array> {
  let page: { width: number; height: number } = options.page ?? A4_LANDSCAPE;
  const compress = options.compress ?? true;
  let avail = page.width - 2 * MARGIN;
  const read = rowReader(rows);
  let out: Uint8Array[] = [];
  const pdf = new PdfWriter((chunk) => out.push(chunk));
  const fonts = { regular: pdf.reserve(), bold: pdf.reserve() };
  const resources = pdf.reserve();
  const pagesId = pdf.reserve();
  const totalId = pdf.reserve();
  const kids: number[] = [];
  let layout: Layout | null = null;
  let buffer: string[][] = [];
  let sourceDone = false;
  let rowsDone = 0;
  let endWritten = false;
  const footer = options.footer ? winAnsi(options.footer) : '';
  const [labelHead = ''] = options.pageLabel.split('{{pages}}');

  const fill = async (n: number) => {
    while (!sourceDone && buffer.length < n) {
      const { rows: batch, done } = await read(Math.max(n - buffer.length, 1));
      for (const r of batch) buffer.push(r.map(cellBytes));
      if (done) sourceDone = true;
    }
  };

  function emitPage(content: string): void {
    const contentId = pdf.reserve();
    const pageId = pdf.reserve();
    const n = kids.length + 1;
    const label = winAnsi(labelHead.replace('{{page}}', String(n)));
    let ops = content;
    ops += text(MARGIN, FOOTER_Y, label, 'regular', FOOTER_SIZE);
    ops += `q 1 0 0 1 ${num(MARGIN + textWidth(label, 'regular', FOOTER_SIZE))} ${FOOTER_Y} cm /T Do Q\n`;
    if (footer) {
      const f = fitText(footer, 'regular', FOOTER_SIZE, avail / 2);
      ops += text(page.width - MARGIN - textWidth(f, 'regular', FOOTER_SIZE), FOOTER_Y, f, 'regular', FOOTER_SIZE);
    }
    if (compress) pdf.stream(contentId, zlibSync(bytesOf(ops), { level: 6 }), '/Filter /FlateDecode');
    else pdf.stream(contentId, ops);
    pdf.object(
      pageId,
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources ${resources} 0 R /Contents ${contentId} 0 R >>`,
    );
    kids.push(pageId);
  }

  /** Renders the next page from the buffer (and the end block when it fits); false when nothing is left. */
  async function nextPage(): Promise<boolean> {
    let top = page.height - MARGIN;
    let ops = '';
    if (!layout) {
      await fill(SAMPLE_ROWS);
      layout = tableLayout(columns, buffer, avail);
      if (!options.page && layout.size < A4_MIN_SIZE) {
        page = A3_LANDSCAPE;
        avail = page.width - 2 * MARGIN;
        layout = tableLayout(columns, buffer, avail);
      }
      top = page.height - MARGIN;
      ops += text(
        MARGIN,
        top - TITLE_SIZE,
        fitText(winAnsi(options.title), 'bold', TITLE_SIZE, avail),
        'bold',
        TITLE_SIZE,
      );
      top -= TITLE_SIZE * 1.6;
      for (const line of options.intro ?? []) {
        for (const part of wrapText(winAnsi(line), 'regular', INTRO_SIZE, avail)) {
          ops += text(MARGIN, top - INTRO_SIZE, part, 'regular', INTRO_SIZE);
          top -= INTRO_SIZE * 1.4;
        }
      }
      top -= 6;
    } else if (endWritten) return false;
    const l = layout;
    const bottom = FOOTER_Y + FOOTER_SIZE + 10;
    // At most this many rows fit (all on one line); wrapped rows are taller, so fewer may go.
    const capacity = Math.max(1, Math.floor((top - l.headerHeight - bottom) / l.rowHeight));
    await fill(capacity);
    ops += headerRow(columns, top, avail, l);
    let y = top - l.headerHeight;
    let taken = 0;
    for (const cells of buffer) {
      const lines = rowLines(columns, cells, 'regular', l);
      const h = heightOf(tallest(lines), l);
      if (taken > 0 && y - h < bottom) break;
      if (taken % 2 === 1) ops += `0.96 g ${MARGIN} ${num(y - h)} ${num(avail)} ${num(h)} re f 0 g\n`;
      ops += row(columns, lines, y - l.size * 1.15, 'regular', l);
      y -= h;
      taken++;
    }
    const take = buffer.slice(0, taken);
    buffer = buffer.slice(taken);
    rowsDone += take.length;
    if (sourceDone && buffer.length === 0) {
      const end = options.end?.() ?? {};
      const notes = (end.notes ?? []).flatMap((n) => wrapText(winAnsi(n), 'regular', INTRO_SIZE, avail));
      const needed = (end.sums ? heightOf(MAX_CELL_LINES, l) + 2 : 0) + notes.length * INTRO_SIZE * 1.4 + 6;
      if (y - needed >= bottom || take.length === 0) {
        if (end.sums) {
          ops += `0.5 w ${MARGIN} ${num(y)} m ${num(MARGIN + avail)} ${num(y)} l S\n`;
          const sums = rowLines(columns, end.sums.map(cellBytes), 'bold', l);
          ops += row(columns, sums, y - l.size * 1.15 - 1, 'bold', l);
          y -= heightOf(tallest(sums), l) + 2;
        }
        y -= 6;
        for (const n of notes) {
          ops += text(MARGIN, y - INTRO_SIZE, n, 'regular', INTRO_SIZE);
          y -= INTRO_SIZE * 1.4;
        }
        endWritten = true;
      }
    }
    // A marker comment between objects: how many rows are out, so a client can show exact progress.
    emitPage(ops);
    pdf.comment(`rows ${rowsDone}`);
    return true;
  }

  function finish(): void {
    const n = kids.length;
    const total = winAnsi(String(n) + (options.pageLabel.split('{{pages}}')[1] ?? ''));
    pdf.stream(
      totalId,
      text(0, 0, total, 'regular', FOOTER_SIZE),
      `/Type /XObject /Subtype /Form /BBox [0 -3 ${num(textWidth(total, 'regular', FOOTER_SIZE) + 1)} ${FOOTER_SIZE + 2}] /Resources << /Font << /F1 ${fonts.regular} 0 R >> >>`,
    );
    pdf.object(pagesId, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${n} >>`);
    const catalog = pdf.reserve();
    pdf.object(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
    const info = pdf.reserve();
    pdf.object(
      info,
      `<< /Title ${infoText(options.title)} /Producer ${infoText('EV back office')} /CreationDate (${pdfDate(options.created ?? new Date())}) >>`,
    );
    pdf.finish(catalog, info);
  }

  let started = false;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (closed) return;
      if (!started) {
        started = true;
        pdf.object(fonts.regular, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
        pdf.object(
          fonts.bold,
          '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
        );
        pdf.object(
          resources,
          `<< /ProcSet [/PDF /Text] /Font << /F1 ${fonts.regular} 0 R /F2 ${fonts.bold} 0 R >> /XObject << /T ${totalId} 0 R >> >>`,
        );
      }
      const more = await nextPage();
      if (!more || endWritten) {
        finish();
        closed = true;
      }
      for (const chunk of out) controller.enqueue(chunk);
      out = [];
      if (closed) controller.close();
    },
  });
}
