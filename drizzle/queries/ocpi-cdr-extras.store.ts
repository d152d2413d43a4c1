/**
 * @module What a CDR carries beyond the session row (ADR 057 / 060 addenda): the tariff that priced the
 * driver's side (mapped as the tariffs module publishes it, domain/ocpi/tariffs.ts `ocpiTariffOf`) and
 * the session's signed meter values as `signed_data`. Read only for a roaming session's CDR (two reads).
 */

import { decodeSignedData, verifySigned } from '@domain/metering/signed-values';
import { type CdrSignedValue, cdrSignedData } from '@domain/ocpi/cdr-signed-data';
import type { CdrInput, CdrTariff } from '@domain/ocpi/cdrs';
import { ocpiTariffOf } from '@domain/ocpi/tariffs';
import type { ElementInput } from '@domain/tariffs/model';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { tariffs } from '../schema';
import { signedInputOf, signedValuesOf } from './signed-values.store';

/** The tariffs used and the signed data of session `sessionId`'s CDR. */
export async function cdrExtras(
  db: Db,
  sessionId: number,
  input: Pick<CdrInput, 'party' | 'tariffId'>,
): Promise<Pick<CdrInput, 'tariffs' | 'signedData'>> {
  const [tariffRows, signed] = await Promise.all([
    input.tariffId === null || input.tariffId === undefined
      ? Promise.resolve([])
      : db
          .select()
          .from(tariffs)
          .where(eq(tariffs.id, Number(input.tariffId))),
    signedValuesOf(db.$client, sessionId),
  ]);
  const used: CdrTariff[] = tariffRows.map((t) =>
    ocpiTariffOf({ ...t, elements: JSON.parse(t.elementsJson) as ElementInput[] }, input.party),
  );
  const values: CdrSignedValue[] = await Promise.all(
    signed.map(async (r) => {
      const value = signedInputOf(r);
      return { context: r.context, text: decodeSignedData(value) ?? r.signed_data, check: await verifySigned(value) };
    }),
  );
  const signedData = cdrSignedData(values);
  return { tariffs: used, ...(signedData ? { signedData } : {}) };
}
