/**
 * @module Text of a PDF table cell: the WinAnsi bytes of a cell value, and a text wrapped to a column
 * width (between words first, inside a word wider than the column, the rest ellipsized on the last line).
 */
import type { Cell } from './cells';
import { type FontName, fitCount, fitText, textUnits, textWidth, winAnsi } from './pdf';

/** Lines of a wrapped text cell; the rest of the text is ellipsized on the last one. */
export const MAX_CELL_LINES = 2;

/** WinAnsi bytes of one cell. */
export function cellBytes(value: Cell): string {
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
