/**
 * @module The S.A.F.E. Transparenzsoftware's import file for a session's signed meter values
 * (ADR 060): `<values><value transactionId context><signedData format encoding>…</signedData>
 * <publicKey encoding>…</publicKey></value></values>`, written by fast-xml-parser's builder so that
 * every character is escaped as XML wants.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { decodeSignedData, formatOfText, transportEncoding } from './detect';
import { type CurveName, parsePublicKey, spkiHex } from './ecdsa';
import { ocmfAlgorithm, parseOcmf } from './ocmf';
import type { SignedFormat, SignedInput } from './signed-values';

export interface SafeValue extends SignedInput {
  format?: SignedFormat;
  /**
   * Groups the values of one charging session; the S.A.F.E. software compares begin and end within it
   * and reads the attribute as an integer: integer ids are kept, any other ids (uuids) numbered 1, 2, …
   * in order of appearance.
   */
  transactionId?: string | number | null;
  /** The OCPP reading context ('Transaction.Begin', 'Transaction.End', 'Sample.Periodic'…). */
  context?: string | null;
}

function defaultContext(index: number, count: number): string {
  if (index === count - 1) return 'Transaction.End';
  return index === 0 ? 'Transaction.Begin' : 'Sample.Periodic';
}

/** The key as the software reads it for OCMF: DER SPKI hex; a raw point is wrapped for the value's curve. */
function ocmfKey(value: SafeValue, text: string): string | null {
  const key = value.publicKey ? parsePublicKey(value.publicKey) : null;
  if (!key) return null;
  if (key.curve) return key.hex;
  const sa = parseOcmf(text)?.signature.SA;
  const curve: CurveName | null =
    ocmfAlgorithm(typeof sa === 'string' ? sa : (value.signingMethod ?? 'ECDSA-secp256r1-SHA256'))?.curve ?? null;
  try {
    return curve ? spkiHex(curve, key.point) : key.hex;
  } catch {
    return key.hex;
  }
}

function valueNode(value: SafeValue, transactionId: string, context: string) {
  const decoded = decodeSignedData(value);
  const format =
    value.format && value.format !== 'unknown' ? value.format : decoded ? formatOfText(decoded) : 'unknown';
  // A format the software does not know by our name is left for it to recognise.
  const formatAttribute = format === 'unknown' ? {} : { '@_format': format };
  // Decoded text is what the software reads most surely; what could not be decoded goes as it came.
  const signedData = decoded
    ? { '#text': decoded, ...formatAttribute, '@_encoding': 'plain' }
    : { '#text': value.signedData, ...formatAttribute, '@_encoding': transportEncoding(value.encoding) ?? 'plain' };
  // An Alfen value carries its key, and the software refuses a given key that is not spelt as the
  // embedded one: it gets none.
  const key = format === 'OCMF' && decoded ? ocmfKey(value, decoded) : null;
  return {
    '@_transactionId': transactionId,
    '@_context': context,
    signedData,
    ...(key ? { publicKey: { '#text': key, '@_encoding': 'hex' } } : {}),
  };
}

/** One `<value>` per signed value, in the order given (begin first). */
export function safeXml(values: SafeValue[]): string {
  const ids = values.map((v) =>
    v.transactionId === null || v.transactionId === undefined ? '' : String(v.transactionId),
  );
  const numbered = new Map<string, string>();
  for (const id of ids) if (!numbered.has(id)) numbered.set(id, String(numbered.size + 1));
  const numeric = ids.every((id) => /^\d{1,18}$/.test(id));
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    values: {
      value: values.map((v, i) =>
        valueNode(
          v,
          numeric ? (ids[i] ?? '') : (numbered.get(ids[i] ?? '') ?? ''),
          v.context || defaultContext(i, values.length),
        ),
      ),
    },
  });
}
