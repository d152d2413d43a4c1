/**
 * @module Reads of a session's signed meter values (ADR 060): the values stored by the ChargePoint
 * object with the station's meter public key beside them. The caller's scope is checked before
 * (the session detail's scope for operators, `user_id` = the caller for drivers).
 */

export interface StoredSignedValue {
  id: number;
  at: number;
  context: string;
  measurand: string;
  connector_number: number;
  format: string;
  encoding: string | null;
  signed_data: string;
  public_key: string | null;
  signing_method: string | null;
  station_public_key: string | null;
}

/** The signed values of session `sessionId`, oldest first. */
export async function signedValuesOf(d1: D1Database, sessionId: number): Promise<StoredSignedValue[]> {
  const { results } = await d1
    .prepare(
      `SELECT v.id, v.at, v.context, v.measurand, v.connector_number, v.format, v.encoding, v.signed_data,
              v.public_key, v.signing_method, st.meter_public_key AS station_public_key
         FROM session_signed_values v
         JOIN charging_sessions s ON s.id = v.session_id AND s.company_id = v.company_id
         JOIN stations st ON st.id = s.station_id
        WHERE v.session_id = ?
        ORDER BY v.at, v.id`,
    )
    .bind(sessionId)
    .all<StoredSignedValue>();
  return results;
}

/** Whether session `sessionId` is the driver `userId`'s own. */
export async function isOwnSession(d1: D1Database, userId: number, sessionId: number): Promise<boolean> {
  const row = await d1
    .prepare('SELECT 1 AS own FROM charging_sessions WHERE id = ? AND user_id = ?')
    .bind(sessionId, userId)
    .first<{ own: number }>();
  return row !== null;
}
