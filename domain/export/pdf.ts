/**
 * @module A small streaming PDF 1.4 writer: objects are written one after the other to a sink and
 * only their byte offsets are kept (for the cross-reference table), so a document of any length is
 * written with memory bounded by one object plus one number per object. Text uses the standard
 * Helvetica fonts with WinAnsiEncoding: every character of the seven product languages (é ü ß ñ ç
 * ã …) has a byte there; anything else becomes a visible "?". Bytes are handled as "binary strings"
 * (one char per byte, codes 0–255) while content is built, and converted once per object.
 */

export const PDF_CONTENT_TYPE = 'application/pdf';

/** Unicode → WinAnsi byte for the 0x80–0x9F block (the rest of 0xA0–0xFF is Latin-1 itself). */
const WIN_ANSI_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Spaces that number and date formatting produce (narrow/thin/figure spaces) print as a space. */
const SPACES = new Set([0x09, 0x0a, 0x0d, 0x2007, 0x2009, 0x200a, 0x202f, 0x2002, 0x2003]);

/** What a character outside WinAnsi is replaced with: visibly, never dropped. */
export const REPLACEMENT = '?';

/**
 * Text as WinAnsi bytes in a binary string. NFC first, so a decomposed "é" (e + combining accent)
 * becomes one byte; control characters become spaces; anything else outside WinAnsi becomes "?".
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function winAnsi(text: string): string {
  // Printable ASCII (most cells) is its own NFC form and WinAnsi bytes: returned as is.
  if (PRINTABLE_ASCII.test(text)) return text;
  const nfc = text.normalize('NFC');
  let out = '';
  for (const ch of nfc) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) out += ch;
    else if (SPACES.has(cp) || cp < 0x20) out += ' ';
    else {
      const b = WIN_ANSI_HIGH[cp];
      out += b === undefined ? REPLACEMENT : String.fromCharCode(b);
    }
  }
  return out;
}

/** A PDF literal string of WinAnsi bytes: ( ) and \ escaped. */
export function pdfLiteral(bytes: string): string {
  return `(${bytes.replace(/[()\\]/g, '\\$&')})`;
}

const ascii = new TextEncoder();
const NOT_ASCII = /[\x80-\uffff]/g;

/**
 * A binary string (codes 0–255) as bytes. The runs of ASCII (nearly all of a page's operators) go
 * through the native encoder, whose UTF-8 is the same bytes for them; each other code is written as
 * its low byte. Same bytes as a charCodeAt loop, which was the export's largest cost (ADR 023,
 * second addendum).
 */
export function bytesOf(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  let from = 0;
  NOT_ASCII.lastIndex = 0;
  for (let m = NOT_ASCII.exec(binary); m; m = NOT_ASCII.exec(binary)) {
    if (m.index > from) ascii.encodeInto(binary.slice(from, m.index), out.subarray(from, m.index));
    out[m.index] = binary.charCodeAt(m.index) & 0xff;
    from = m.index + 1;
  }
  if (from < binary.length) ascii.encodeInto(binary.slice(from), out.subarray(from));
  return out;
}

export type FontName = 'regular' | 'bold';

// Advance widths (1/1000 em) of the standard Helvetica and Helvetica-Bold AFM for codes 32–126.
const ASCII_REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const ASCII_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];
/** Widths of WinAnsi bytes ≥ 0x80 that are not an ASCII letter with an accent: [regular, bold]. */
const HIGH_WIDTHS: Record<string, [number, number]> = {
  '€': [556, 556],
  '…': [1000, 1000],
  '–': [556, 556],
  '—': [1000, 1000],
  '‘': [222, 278],
  '’': [222, 278],
  '‚': [222, 278],
  '“': [333, 500],
  '”': [333, 500],
  '„': [333, 500],
  '•': [350, 350],
  '°': [400, 400],
  '\u00a0': [278, 278],
  ß: [611, 611],
  æ: [889, 889],
  Æ: [1000, 1000],
  ø: [611, 611],
  Ø: [778, 778],
  œ: [944, 944],
  Œ: [1000, 1000],
  '«': [556, 556],
  '»': [556, 556],
  '¿': [611, 611],
  '¡': [333, 333],
  '·': [278, 278],
  '×': [584, 584],
};

/** WinAnsi byte 0x80–0x9F → its Unicode character. */
const HIGH_CHARS: string[] = [];
for (const [cp, b] of Object.entries(WIN_ANSI_HIGH)) HIGH_CHARS[b] = String.fromCodePoint(Number(cp));

function widthTable(ascii: number[], bold: boolean): Float64Array {
  const table = new Float64Array(256).fill(556);
  for (let i = 0; i < ascii.length; i++) table[32 + i] = ascii[i] ?? 556;
  for (let b = 0x80; b <= 0xff; b++) {
    const char = b >= 0xa0 ? String.fromCharCode(b) : (HIGH_CHARS[b] ?? '');
    const special = HIGH_WIDTHS[char];
    if (special) {
      table[b] = special[bold ? 1 : 0];
      continue;
    }
    // An accented letter is as wide as its base letter (as in the AFM files).
    const base = char.normalize('NFD').charCodeAt(0);
    if (base >= 32 && base <= 126) table[b] = ascii[base - 32] ?? 556;
  }
  return table;
}
const WIDTHS: Record<FontName, Float64Array> = {
  regular: widthTable(ASCII_REGULAR, false),
  bold: widthTable(ASCII_BOLD, true),
};

/** Width in points of WinAnsi bytes set in `font` at `size` pt. */
export function textWidth(bytes: string, font: FontName, size: number): number {
  return (textUnits(bytes, font) * size) / 1000;
}

/** The advance width of `bytes` in 1/1000 em (an integer): `textWidth` is it times size / 1000. */
export function textUnits(bytes: string, font: FontName): number {
  const table = WIDTHS[font];
  let w = 0;
  for (let i = 0; i < bytes.length; i++) w += table[bytes.charCodeAt(i) & 0xff] ?? 556;
  return w;
}

const ELLIPSIS = '\x85';

/** How many leading bytes of `bytes` fit in `width` (one pass over the widths table). */
export function fitCount(bytes: string, font: FontName, size: number, width: number): number {
  const table = WIDTHS[font];
  const limit = (width * 1000) / size;
  let w = 0;
  let i = 0;
  for (; i < bytes.length; i++) {
    w += table[bytes.charCodeAt(i) & 0xff] ?? 556;
    if (w > limit) break;
  }
  return i;
}

/** WinAnsi bytes cut to fit `width` points, ending in "…" when cut. */
export function fitText(bytes: string, font: FontName, size: number, width: number): string {
  if (textWidth(bytes, font, size) <= width) return bytes;
  const table = WIDTHS[font];
  const limit = (width * 1000) / size - (table[0x85] ?? 1000);
  let w = 0;
  let i = 0;
  for (; i < bytes.length; i++) {
    const next = w + (table[bytes.charCodeAt(i) & 0xff] ?? 556);
    if (next > limit) break;
    w = next;
  }
  return i === 0 ? '' : bytes.slice(0, i).trimEnd() + ELLIPSIS;
}

/** A PDF date: D:YYYYMMDDHHmmSSZ (UTC). */
export function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * Writes objects sequentially and finishes with the cross-reference table and trailer. Object
 * numbers are handed out by `reserve()` (so an object may refer to one written later, like a page
 * tree written last); `finish()` checks every reserved number was written.
 */
export class PdfWriter {
  /** Bytes written so far. */
  offset = 0;
  private readonly offsets: number[] = [];
  private next = 1;

  constructor(private readonly sink: (chunk: Uint8Array) => void) {
    // The binary comment tells transfer tools the file is binary (PDF 1.4, 7.5.2).
    this.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  }

  private write(binary: string | Uint8Array): void {
    const bytes = typeof binary === 'string' ? bytesOf(binary) : binary;
    this.sink(bytes);
    this.offset += bytes.byteLength;
  }

  /** A new object number, to be written later with `object` or `stream`. */
  reserve(): number {
    return this.next++;
  }

  /** Writes object `id` with a body of PDF syntax (a binary string). */
  object(id: number, body: string): void {
    this.begin(id);
    this.write(`${id} 0 obj\n${body}\nendobj\n`);
  }

  /** Writes object `id` as a stream; `dict` holds extra entries (e.g. "/Filter /FlateDecode"). */
  stream(id: number, data: Uint8Array | string, dict = ''): void {
    const bytes = typeof data === 'string' ? bytesOf(data) : data;
    this.begin(id);
    this.write(`${id} 0 obj\n<< /Length ${bytes.byteLength}${dict ? ` ${dict}` : ''} >>\nstream\n`);
    this.write(bytes);
    this.write('\nendstream\nendobj\n');
  }

  private begin(id: number): void {
    if (id < 1 || id >= this.next) throw new Error(`pdf: object ${id} was not reserved`);
    if (this.offsets[id] !== undefined) throw new Error(`pdf: object ${id} written twice`);
    this.offsets[id] = this.offset;
  }

  /** A comment line between objects (ignored by readers; offsets stay right). */
  comment(text: string): void {
    this.write(`%${text.replace(/[\r\n]/g, ' ')}\n`);
  }

  /** Cross-reference table, trailer (Root, optional Info), startxref and %%EOF. */
  finish(root: number, info?: number): void {
    const count = this.next;
    for (let id = 1; id < count; id++) {
      if (this.offsets[id] === undefined) throw new Error(`pdf: object ${id} reserved but never written`);
    }
    const xref = this.offset;
    let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let id = 1; id < count; id++) table += `${String(this.offsets[id]).padStart(10, '0')} 00000 n \n`;
    this.write(table);
    this.write(
      `trailer\n<< /Size ${count} /Root ${root} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`,
    );
  }
}
