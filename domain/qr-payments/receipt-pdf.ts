/**
 * @module The QR payment's receipt as a one-page A4 PDF, written with the sessions export's PDF writer
 * (domain/export/pdf.ts: standard Helvetica, WinAnsi text): a title, then label / value lines. The
 * caller gives the texts already translated and formatted.
 */
import { bytesOf, PdfWriter, pdfDate, pdfLiteral, winAnsi } from '../export/pdf';

export interface ReceiptPdf {
  title: string;
  lines: readonly [label: string, value: string][];
  createdAt: Date;
}

const A4 = { width: 595, height: 842 };

export function receiptPdf(r: ReceiptPdf): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const pdf = new PdfWriter((c) => chunks.push(c));
  const [catalog, pages, page, content, regular, bold, info] = Array.from({ length: 7 }, () => pdf.reserve()) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let y = A4.height - 72;
  let text = `BT /F2 18 Tf 56 ${y} Td ${pdfLiteral(winAnsi(r.title))} Tj ET\n`;
  y -= 36;
  for (const [label, value] of r.lines) {
    text += `BT /F2 11 Tf 56 ${y} Td ${pdfLiteral(winAnsi(label))} Tj ET\n`;
    text += `BT /F1 11 Tf 220 ${y} Td ${pdfLiteral(winAnsi(value))} Tj ET\n`;
    y -= 20;
  }
  pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  pdf.object(pages, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  pdf.object(
    page,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${content} 0 R /Resources << /ProcSet [/PDF /Text] /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
  );
  pdf.stream(content, bytesOf(text));
  pdf.object(regular, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pdf.object(bold, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pdf.object(info, `<< /Title ${pdfLiteral(winAnsi(r.title))} /CreationDate (${pdfDate(r.createdAt)}) >>`);
  pdf.finish(catalog, info);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
