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

interface SignedRow {
  context: string;
  signed_data: string;
  encoding: string | null;
  public_key: string | null;
  signing_method: string | null;
  station_public_key: string | null;
}

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
    db.$client
      .prepare(
        `SELECT v.context, v.signed_data, v.encoding, v.public_key, v.signing_method, st.meter_public_key AS station_public_key
           FROM session_signed_values v
           JOIN charging_sessions s ON s.id = v.session_id AND s.company_id = v.company_id
           JOIN stations st ON st.id = s.station_id
          WHERE v.session_id = ? ORDER BY v.at, v.id`,
      )
      .bind(sessionId)
      .all<SignedRow>(),
  ]);
  const used: CdrTariff[] = tariffRows.map((t) =>
    ocpiTariffOf({ ...t, elements: JSON.parse(t.elementsJson) as ElementInput[] }, input.party),
  );
  const values: CdrSignedValue[] = await Promise.all(
    signed.results.map(async (r) => {
      const value = {
        signedData: r.signed_data,
        encoding: r.encoding,
        publicKey: r.public_key ?? r.station_public_key,
        signingMethod: r.signing_method,
      };
      return { context: r.context, text: decodeSignedData(value) ?? r.signed_data, check: await verifySigned(value) };
    }),
  );
  const signedData = cdrSignedData(values);
  return { tariffs: used, ...(signedData ? { signedData } : {}) };
}
