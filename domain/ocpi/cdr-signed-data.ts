/**
 * @module The CDR's `signed_data` (mod_cdrs SignedData, ADR 060 addendum): a session's signed meter
 * values as a roaming partner receives them. One encoding method per CDR (OCPI allows one), so only the
 * values of the first value's format go; each with its nature (Start for Transaction.Begin, End for
 * Transaction.End, Intermediate otherwise), the value as the meter produced it, and its readings as
 * plain text. Pure: the caller has verified the values (domain/metering/signed-values.ts).
 */
import type { SignedCheck } from '@domain/metering/signed-values';
import type { SignedData } from './cdrs';

export interface CdrSignedValue {
  context: string;
  /** The value as text (decoded from its transport encoding). */
  text: string;
  check: SignedCheck;
}

/** OCPI EncodingMethod names (mod_cdrs SignedData examples). */
const ENCODING_METHOD: Record<string, string> = { OCMF: 'OCMF', ALFEN: 'Alfen Eichrecht' };

const natureOf = (context: string) =>
  context === 'Transaction.Begin' ? 'Start' : context === 'Transaction.End' ? 'End' : 'Intermediate';

/** "2026-05-01T10:00:00.000Z 1000000 Wh" per reading, within OCPI's 512 characters. */
function plainData(check: SignedCheck): string {
  const lines = check.readings.map((r) =>
    [r.time ?? '', r.valueWh === null ? '' : `${r.valueWh} Wh`, r.reason ?? ''].filter(Boolean).join(' '),
  );
  const serial = check.meterSerial ? `meter ${check.meterSerial}: ` : '';
  return `${serial}${lines.join('; ')}`.slice(0, 512);
}

/** The CDR's signed_data, or undefined when the session has no value of a known format. */
export function cdrSignedData(values: readonly CdrSignedValue[]): SignedData | undefined {
  const known = values.filter((v) => ENCODING_METHOD[v.check.format] && v.text.length <= 5000);
  const first = known[0];
  if (!first) return undefined;
  const same = known.filter((v) => v.check.format === first.check.format);
  const key = same.find((v) => v.check.publicKey)?.check.publicKey ?? null;
  return {
    encoding_method: ENCODING_METHOD[first.check.format] ?? first.check.format,
    ...(key && key.length <= 512 ? { public_key: key } : {}),
    signed_values: same.map((v) => ({
      nature: natureOf(v.context),
      plain_data: plainData(v.check),
      signed_data: v.text,
    })),
  };
}
