/** Reading the text of the PDFs the API writes (domain/export/pdf.ts): the file, and every page content stream decoded. */
import { unzlibSync } from 'fflate';

/** One char per byte (WinAnsi text stays searchable as Latin-1). */
export function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** The file as text plus every page content stream decoded. */
export async function readPdf(res: Response): Promise<{ file: string; pages: string }> {
  const file = latin1(new Uint8Array(await res.arrayBuffer()));
  let pages = '';
  const re = /<< \/Length (\d+)(.*?) >>\nstream\n/g;
  for (let m = re.exec(file); m; m = re.exec(file)) {
    const start = m.index + m[0].length;
    const raw = file.slice(start, start + Number(m[1]));
    pages += m[2]?.includes('/FlateDecode') ? latin1(unzlibSync(Uint8Array.from(raw, (ch) => ch.charCodeAt(0)))) : raw;
  }
  return { file, pages };
}
