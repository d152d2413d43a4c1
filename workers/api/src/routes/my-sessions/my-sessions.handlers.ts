/**
 * @module A private user's own sessions (spec 7.10): the filtered page or its PDF, and one session with the
 * driver's price lines as domain/sessions/detail.ts decides them (the provider perspective only: what
 * the driver pays). Every read is the caller's own; another user's session answers 404.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { isPriced, sessionParties } from '@domain/sessions/detail';
import { displayStartMethod } from '@domain/sessions/display';
import type { CdrRecord } from '@domain/sessions/project';
import { OpenAPIHono } from '@hono/zod-openapi';
import { mySignedValueRoutes } from '../sessions/signed/signed.handlers';
import { answerMyPdf } from './my-sessions.pdf';
import { detail, list } from './my-sessions.routes';
import { toMySession } from './my-sessions.schemas';
import { mySession, mySessionsPage, tariffLinesWithNames } from './my-sessions.store';

type Row = NonNullable<Awaited<ReturnType<typeof mySession>>>['s'];

/** The fields sessionParties reads, from a stored row (spec field names). */
function cdrOf(s: Row): CdrRecord {
  return {
    pricing_status: s.pricingStatus,
    pricing_note: s.pricingNote,
    start_method: s.startMethod,
    cdr_vat_value: s.vatValue,
    emp_price_energy: s.empEnergy,
    emp_price_net_energy: s.empNetEnergy,
    emp_price_time: s.empTime,
    emp_price_penalty: s.empPenalty,
    emp_price_net_penalty: s.empNetPenalty,
    emp_price_net_total: s.empNetTotal,
    emp_price_total: s.empTotal,
  };
}

export const mySessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const f = c.req.valid('json');
    if (f.format === 'pdf') return answerMyPdf(c, f);
    const { rows, total } = await mySessionsPage(c.get('db'), authOf(c).user.id, f);
    return c.json({ data: rows.map(toMySession), total, page: f.page, items_per_page: f.items_per_page }, 200);
  })
  .openapi(detail, async (c) => {
    const { sessionId } = c.req.valid('param');
    const found = await mySession(c.get('db'), authOf(c).user.id, sessionId);
    if (!found) return apiError(c, 404, 'SESSION_NOT_FOUND', 'notFound');
    const { s } = found;
    const cdr = cdrOf(s);
    const lines = isPriced(cdr) ? await tariffLinesWithNames(c.env.DB, s.id) : [];
    const emp = sessionParties(cdr, lines).find((p) => p.party === 'emp');
    return c.json(
      {
        session: {
          ...toMySession({ ...s, stationName: s.stationName ?? found.stationName }),
          station_street: s.stationStreet,
          plug_type: s.plugType,
          charging_minutes: s.chargingMinutes,
          parking_s: s.parkingS,
          stop_reason: s.stopReason,
          start_method: displayStartMethod(s.authId, s.startMethod),
        },
        price: {
          priced: emp?.priced ?? false,
          reason: emp?.reason ?? null,
          lines: emp?.lines ?? [],
          tariff_lines: (emp?.tariff_lines ?? []).map((l) => ({
            dimension: l.dimension,
            tariff_name: l.tariff_name,
            quantity: l.quantity,
            unit_price: l.unit_price,
            vat_bp: l.vat_bp,
            excl_vat: l.excl_vat,
            incl_vat: l.incl_vat,
          })),
        },
      },
      200,
    );
  })
  // Its signed meter values and their S.A.F.E. export (ADR 060).
  .route('/', mySignedValueRoutes);
