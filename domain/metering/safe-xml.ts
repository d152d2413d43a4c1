/**
 * @module The S.A.F.E. Transparenzsoftware's import file for a session's signed meter values
 * (ADR 060): `<values><value transactionId context><signedData format encoding>…</signedData>
 * <publicKey encoding>…</publicKey></value></values>`, written by fast-xml-parser's builder so that
 * every character is escaped as XML wants.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { decodeSignedData, formatOfText } from './detect';
import { parsePublicKey } from './ecdsa';
import type { SignedFormat, SignedInput } from './signed-values';

export interface SafeValue extends SignedInput {
  format?: SignedFormat;
  /** Groups the values of one charging session; the S.A.F.E. software compares begin and end within it. */
  transactionId?: string | number | null;
  /** The OCPP reading context ('Transaction.Begin', 'Transaction.End', 'Sample.Periodic'…). */
  context?: string | null;
}

function defaultContext(index: number, count: number): string {
  if (index === count - 1) return 'Transaction.End';
  return index === 0 ? 'Transaction.Begin' : 'Sample.Periodic';
}

function valueNode(value: SafeValue, index: number, count: number) {
  const decoded = decodeSignedData(value);
  const format =
    value.format && value.format !== 'unknown' ? value.format : decoded ? formatOfText(decoded) : 'unknown';
  // Decoded text is what the software reads most surely; what could not be decoded goes as it came.
  const signedData = decoded
    ? { '#text': decoded, '@_format': format, '@_encoding': 'plain' }
    : { '#text': value.signedData, '@_format': format, '@_encoding': value.encoding?.toLowerCase() || 'plain' };
  const key = value.publicKey ? parsePublicKey(value.publicKey) : null;
  return {
    '@_transactionId': String(value.transactionId ?? 1),
    '@_context': value.context || defaultContext(index, count),
    signedData,
    ...(key ? { publicKey: { '#text': key.hex, '@_encoding': 'hex' } } : {}),
  };
}

/** One `<value>` per signed value, in the order given (begin first). */
export function safeXml(values: SafeValue[]): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    values: { value: values.map((v, i) => valueNode(v, i, values.length)) },
  });
}
