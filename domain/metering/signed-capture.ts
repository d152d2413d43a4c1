/**
 * @module Which meter values of an OCPP message are signed, in the shape they are stored with the
 * session (issue 23 part 6, ADR 060): a 1.6 sampledValue with `format: "SignedData"` (its `value` is
 * the signed text) or a 2.0.1 `signedMeterValue` (carried as `signed` by the 2.0.1 → 1.6 mapping).
 * Pure: no parsing or verification here (domain/metering/signed-values.ts does that at read time).
 */
import type { MeterValue } from '@domain/ocpp/meter-values';

/** At most this many signed values are kept per session (Transaction.Begin and .End always). */
export const SIGNED_PER_SESSION = 50;
/** The contexts always kept, whatever the number of intermediate readings. */
export const KEPT_CONTEXTS = ['Transaction.Begin', 'Transaction.End'] as const;

export interface CapturedSigned {
  at: number;
  context: string;
  measurand: string;
  /** 'base64' for 2.0.1 (its encodingMethod names the format, which is detected from the data); null for 1.6 (guessed). */
  encoding: 'base64' | null;
  signedData: string;
  publicKey: string | null;
  signingMethod: string | null;
}

const blank = (s: string | undefined | null) => (s === undefined || s === null || s.trim() === '' ? null : s);

/** The signed values of `values`, in order; a message without one gives [] (and no write). */
export function capturedSigned(values: readonly MeterValue[]): CapturedSigned[] {
  const out: CapturedSigned[] = [];
  for (const mv of values) {
    if (!mv.sampledValue.some((sv) => sv.signed || sv.format === 'SignedData')) continue;
    const at = Date.parse(mv.timestamp);
    if (!Number.isFinite(at)) continue;
    for (const sv of mv.sampledValue) {
      const context = sv.context ?? 'Sample.Periodic';
      const measurand = sv.measurand ?? 'Energy.Active.Import.Register';
      if (sv.signed && blank(sv.signed.signedMeterData)) {
        out.push({
          at,
          context,
          measurand,
          encoding: 'base64',
          signedData: sv.signed.signedMeterData,
          publicKey: blank(sv.signed.publicKey),
          signingMethod: blank(sv.signed.signingMethod),
        });
      } else if (sv.format === 'SignedData' && blank(sv.value)) {
        out.push({
          at,
          context,
          measurand,
          encoding: null,
          signedData: sv.value,
          publicKey: null,
          signingMethod: null,
        });
      }
    }
  }
  return out;
}
