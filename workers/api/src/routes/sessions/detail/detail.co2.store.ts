/** @module What one session's CO2 avoided needs (ADR 053), for its detail; the session is already in scope. */
import type { Db } from '@db/db';
import { baselinesOf, DELIVERED, USER_CATEGORY } from '../../co2/co2.store';

export { baselinesOf };

/** Energy, start, station supply and country, the driver's vehicle category; null while it delivered nothing. */
export async function sessionCo2Facts(db: Db, sessionId: number) {
  return db.$client
    .prepare(
      `SELECT s.cdr_consumed_energy AS energy, s.cdr_start AS start, COALESCE(st.country, '') AS country,
              st.certified_renewable AS renewable, st.renewable_g_per_kwh AS cert, st.time_zone AS tz,
              ${USER_CATEGORY} AS category
         FROM charging_sessions s JOIN stations st ON st.id = s.station_id
        WHERE s.id = ?1 AND ${DELIVERED}`,
    )
    .bind(sessionId)
    .first<{
      energy: number;
      start: number;
      country: string;
      renewable: number;
      cert: number | null;
      tz: string;
      category: string | null;
    }>();
}
