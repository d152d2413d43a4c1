/** @module Shapes of a session's signed meter values (ADR 060) for the operator's and the driver's screens. */

import { keyOf, type StoredSignedValue } from '@db/queries/signed-values.store';
import type { SignedCheck } from '@domain/metering/signed-values';
import { z } from '@hono/zod-openapi';

const SIGNED_STATUSES = ['valid', 'invalid', 'no_public_key', 'unsupported', 'malformed'] as const;

export const SignedMeterValue = z
  .object({
    id: z.number(),
    /** When the station read the value (ISO 8601). */
    at: z.string(),
    /** Transaction.Begin, Transaction.End, Sample.Periodic… */
    context: z.string(),
    measurand: z.string(),
    connector_number: z.number(),
    /** OCMF, ALFEN or unknown. */
    format: z.string(),
    encoding: z.string().nullable(),
    signing_method: z.string().nullable(),
    signature_algorithm: z.string().nullable(),
    /** Where the key came from: the value itself, the station's meter key setting, or none. */
    public_key_source: z.enum(['value', 'station', 'none']),
    status: z.enum(SIGNED_STATUSES),
    message: z.string(),
    meter_serial: z.string().nullable(),
    readings: z.array(
      z.object({
        time: z.string().nullable(),
        value_wh: z.number().nullable(),
        reason: z.string().nullable(),
        status: z.string().nullable(),
      }),
    ),
    signed_data: z.string(),
  })
  .openapi('SignedMeterValue');

export const SignedMeterValues = z
  .object({ data: z.array(SignedMeterValue), total: z.number() })
  .openapi('SignedMeterValues');

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function toSignedMeterValue(v: StoredSignedValue, check: SignedCheck): z.infer<typeof SignedMeterValue> {
  return {
    id: v.id,
    at: new Date(v.at).toISOString(),
    context: v.context,
    measurand: v.measurand,
    connector_number: v.connector_number,
    format: check.format ?? v.format,
    encoding: v.encoding,
    signing_method: v.signing_method,
    signature_algorithm: text(check.signatureAlgorithm),
    public_key_source: keyOf(v).source,
    status: check.status,
    message: check.message,
    meter_serial: text(check.meterSerial),
    readings: (check.readings ?? []).map((r) => ({
      time: text(r.time),
      value_wh: num(r.valueWh),
      reason: text(r.reason),
      status: text(r.status),
    })),
    signed_data: v.signed_data,
  };
}
