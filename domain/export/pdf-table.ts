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
import {
  bytesOf,
  type FontName,
  fitCount,
  fitText,
  PdfWriter,
  pdfDate,
  pdfLiteral,
  textUnits,
  textWidth,
  winAnsi,
} from './pdf';

export interface PdfTableColumn {
  header: string;
  /** Numbers read better right-aligned. Default left. */
  align?: 'left' | 'right';
  /** Never cut (dates, numbers, statuses): only the other columns give up width when space is short. */
  keep?: boolean;
}

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
const MARGIN = 28;
const FOOTER_Y = 14;
const FOOTER_SIZE = 7;
const TITLE_SIZE = 13;
const INTRO_SIZE = 8;
const FONT_SIZES = [7, 6.5, 6, 5.5, 5];
const MAX_HEADER_LINES = 3;
/** Lines of a wrapped text cell; the rest of the text is ellipsized on the last one. */
export const MAX_CELL_LINES = 2;
/** Distance between the lines of a wrapped cell, in font sizes. */
const LINE_STEP = 1.2;
const SAMPLE_ROWS = 60;

const F: Record<FontName, string> = { regular: '/F1', bold: '/F2' };
const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

interface Layout {
  size: number;
  pad: number;
  widths: number[];
  lefts: number[];
  header: string[][];
  headerHeight: number;
  rowHeight: number;
}

/** WinAnsi bytes of one cell. */
function cellBytes(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return winAnsi(String(value));
}

/** Words of `bytes` wrapped to `width`; lines beyond `max` are dropped and the last one ends in "…". */
export function wrapText(bytes: string, font: FontName, size: number, width: number, max = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of bytes.split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || textWidth(next, font, size) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = fitText(`${kept[max - 1]} ${lines[max]}`, font, size, width);
    return kept.map((l) => fitText(l, font, size, width));
  }
  return lines.map((l) => fitText(l, font, size, width));
}

/**
 * A text cell wrapped to `width`: at most `max` lines, breaking between words and, for a word wider
 * than the column, inside it; when text is left over, the last line ends in "…". Text that fits
 * is returned as one line untouched (the common case costs one width measure).
 */
export function cellLines(bytes: string, font: FontName, size: number, width: number, max = MAX_CELL_LINES): string[] {
  if (!bytes) return [];
  if (textWidth(bytes, font, size) <= width) return [bytes];
  if (width <= 0) return [];
  const lines: string[] = [];
  let line = '';
  // The line's width in 1/1000 em, kept as words are added (integers: the same figure as measuring
  // the joined line, without measuring it again for every word).
  let lineUnits = 0;
  const space = textUnits(' ', font);
  let rest = '';
  const words = bytes.split(' ').filter(Boolean);
  for (let w = 0; w < words.length; w++) {
    let word = words[w] ?? '';
    const wordUnits = textUnits(word, font);
    const nextUnits = line ? lineUnits + space + wordUnits : wordUnits;
    if ((nextUnits * size) / 1000 <= width) {
      line = line ? `${line} ${word}` : word;
      lineUnits = nextUnits;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
      lineUnits = 0;
      if (lines.length === max) {
        rest = words.slice(w).join(' ');
        break;
      }
    }
    // The word alone is wider than the column: break it where the column ends.
    while (textWidth(word, font, size) > width) {
      const cut = Math.max(1, fitCount(word, font, size, width));
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      if (lines.length === max) break;
    }
    if (lines.length === max) {
      rest = [word, ...words.slice(w + 1)].join(' ');
      break;
    }
    line = word;
    lineUnits = textUnits(word, font);
  }
  if (line && lines.length < max) lines.push(line);
  if (rest) {
    const last = lines.length - 1;
    lines[last] = fitText(`${lines[last]} ${rest}`, font, size, width);
  }
  return lines;
}

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

/** A PDF text string for the Info dictionary: UTF-16BE with a byte order mark, in hex. */
function infoText(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
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

  function text(x: number, y: number, bytes: string, font: FontName, size: number): string {
    return `BT ${F[font]} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfLiteral(bytes)} Tj ET\n`;
  }

  /** The lines of each cell of a row: text cells wrap (at most MAX_CELL_LINES), kept cells are cut. */
  function rowLines(cells: string[], font: FontName, l: Layout): string[][] {
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
  const heightOf = (lines: number, l: Layout) => l.rowHeight + Math.max(0, lines - 1) * l.size * LINE_STEP;
  const tallest = (lines: string[][]) => Math.max(1, ...lines.map((c) => c.length));

  /** One row whose first baseline is `y`, in one text object moving by relative offsets. */
  function row(lines: string[][], y: number, font: FontName, l: Layout): string {
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

  function headerRow(top: number, l: Layout): string {
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
    ops += headerRow(top, l);
    let y = top - l.headerHeight;
    let taken = 0;
    for (const cells of buffer) {
      const lines = rowLines(cells, 'regular', l);
      const h = heightOf(tallest(lines), l);
      if (taken > 0 && y - h < bottom) break;
      if (taken % 2 === 1) ops += `0.96 g ${MARGIN} ${num(y - h)} ${num(avail)} ${num(h)} re f 0 g\n`;
      ops += row(lines, y - l.size * 1.15, 'regular', l);
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
          const sums = rowLines(end.sums.map(cellBytes), 'bold', l);
          ops += row(sums, y - l.size * 1.15 - 1, 'bold', l);
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
