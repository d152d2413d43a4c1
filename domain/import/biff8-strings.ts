/**
 * @module BIFF8 strings ([MS-XLS] 2.5.293–2.5.296, 2.4.265 SST): a reader over a record and its
 * CONTINUE records that knows a string's characters may be split across them (the continuation then
 * starts with a fresh compressed/uncompressed flag byte) while the rest (counts, rich-text runs,
 * extended data) simply runs on. Every read is checked against what is left: a short record is an
 * error, never a read past the end.
 */

export class BiffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BiffError';
  }
}

const fail = (message: string): never => {
  throw new BiffError(message);
};

/** Windows-1252's 0x80–0x9F, for compressed strings of files whose CODEPAGE is 1252. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export class SegmentReader {
  private seg = 0;
  private pos = 0;
  private left: number;

  /**
   * @param segments a record's payload followed by its CONTINUE payloads.
   * @param cp1252 compressed characters are Latin-1 ([MS-XLS]); with CODEPAGE 1252 the C1 range is read
   *   as Windows-1252, which conforming files never use and some other writers do.
   */
  constructor(
    private readonly segments: Uint8Array[],
    private readonly cp1252 = false,
  ) {
    this.left = segments.reduce((n, s) => n + s.length, 0);
  }

  get remaining(): number {
    return this.left;
  }

  private current(): Uint8Array {
    while (this.seg < this.segments.length && this.pos >= (this.segments[this.seg]?.length ?? 0)) {
      this.seg += 1;
      this.pos = 0;
    }
    return this.segments[this.seg] ?? fail('record cut short');
  }

  u8(): number {
    const s = this.current();
    this.left -= 1;
    return s[this.pos++] ?? 0;
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    if (n < 0 || n > this.left) fail('record cut short');
    let todo = n;
    while (todo > 0) {
      const s = this.current();
      const step = Math.min(todo, s.length - this.pos);
      this.pos += step;
      this.left -= step;
      todo -= step;
    }
  }

  /** `count` characters, starting compressed or not as `high` says; a continuation brings its own flag. */
  chars(count: number, high: boolean): string {
    const parts: string[] = [];
    const units: number[] = [];
    let wide = high;
    let todo = count;
    while (todo > 0) {
      let s = this.segments[this.seg];
      if (!s || this.pos >= s.length) {
        // Characters continue in the next record, which starts with its own flag byte.
        this.seg += 1;
        this.pos = 0;
        if (!this.segments[this.seg]) fail('string cut short');
        wide = (this.u8() & 0x01) === 1;
        s = this.segments[this.seg] ?? fail('string cut short');
      }
      const size = wide ? 2 : 1;
      const n = Math.min(todo, Math.floor((s.length - this.pos) / size));
      if (n === 0) fail('string cut short');
      for (let i = 0; i < n; i += 1) {
        const at = this.pos + i * size;
        const lo = s[at] ?? 0;
        units.push(
          wide
            ? lo | ((s[at + 1] ?? 0) << 8)
            : this.cp1252 && lo >= 0x80 && lo < 0xa0
              ? (CP1252_HIGH[lo - 0x80] ?? lo)
              : lo,
        );
      }
      this.pos += n * size;
      this.left -= n * size;
      todo -= n;
      if (units.length >= 4096) parts.push(String.fromCharCode(...units.splice(0)));
    }
    parts.push(String.fromCharCode(...units));
    return parts.join('');
  }

  /** XLUnicodeRichExtendedString (SST entries): text, then rich-text runs and phonetic data skipped. */
  richExtendedString(): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(cch, (flags & 0x01) === 1);
    this.skip(runs * 4);
    this.skip(ext);
    return text;
  }

  /** XLUnicodeString (LABEL, STRING, FORMAT): a 16-bit count, a flag byte, the characters. */
  unicodeString(): string {
    const cch = this.u16();
    const flags = this.u8();
    return this.chars(cch, (flags & 0x01) === 1);
  }
}

/** The shared-string table: SST and its CONTINUE records. */
export function readSst(segments: Uint8Array[], cp1252: boolean): string[] {
  const reader = new SegmentReader(segments, cp1252);
  reader.skip(4); // cstTotal
  const unique = reader.u32();
  const strings: string[] = [];
  // Each entry takes at least 3 bytes, so a lying count ends with "cut short" long before memory matters.
  while (strings.length < unique) strings.push(reader.richExtendedString());
  return strings;
}
