/** @module The reads of one session's detail, in the caller's company scope. */

import type { SessionTariffLine } from '@domain/sessions/detail';
import type { CdrRecord } from '@domain/sessions/project';
import { ALL_FIELDS, FIELD_SQL, ints, type Scope, toRecord } from '../sessions.store';

/** One session with every CDR field, if it is in the caller's scope for any of the audiences given. */
export async function scopedSession(
  d1: D1Database,
  scope: Scope,
  audiences: { network: boolean; fleet: boolean },
): Promise<(id: number) => Promise<(CdrRecord & { meter_curve_json: string | null }) | null>> {
  const inScope = ints(scope.companies);
  const ors: string[] = [];
  if (audiences.network) ors.push(`s.company_id IN (${inScope})`, `s.owner_company_id IN (${inScope})`);
  if (audiences.fleet) ors.push(`s.user_id IN (SELECT id FROM users WHERE company_id IN (${inScope}))`);
  return async (id) => {
    if (ors.length === 0) return null;
    const row = await d1
      .prepare(
        `SELECT ${ALL_FIELDS.map((k) => `${FIELD_SQL[k]} AS ${k}`).join(', ')}, s.meter_curve_json FROM charging_sessions s WHERE s.id = ? AND (${ors.join(' OR ')})`,
      )
      .bind(id)
      .first<Record<string, unknown>>();
    if (!row) return null;
    const { meter_curve_json, ...rest } = row;
    return { ...toRecord(rest), meter_curve_json: (meter_curve_json as string | null) ?? null };
  };
}

/** The stored tariff lines of a priced session (one `scopedSession` found) with the names of the tariffs that produced them. */
export async function tariffLinesWithNames(d1: D1Database, sessionId: number): Promise<SessionTariffLine[]> {
  const { results } = await d1
    .prepare(
      `SELECT l.party, l.dimension, l.tariff_id, t.name AS tariff_name, l.element_index, l.quantity, l.unit_price,
              l.vat_bp, l.excl_vat, l.incl_vat
         FROM session_tariff_lines l LEFT JOIN tariffs t ON t.id = l.tariff_id
        WHERE l.session_id = ? ORDER BY l.party, l.position`,
    )
    .bind(sessionId)
    .all<SessionTariffLine>();
  return results;
}
