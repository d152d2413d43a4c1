/** @module The sessions API: fleet lists, active sessions, filter options, detail. */

import { can } from '@domain/permissions/permissions';
import { isQrPayment } from '@domain/sessions/display';
import { projectCdr } from '@domain/sessions/project';
import { FLEET_VARIANTS, pickVariant } from '@domain/sessions/variants';
import { explainSessionPricing } from '@domain/tariffs/explain';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { answerList, queryOf } from './sessions.list';
import { filterOptions as optionsOf } from './sessions.options.store';
import { sessionPricingFacts } from './sessions.pricing.store';
import { active, detail, filterOptions, fleetActive, fleetHome, fleetRoaming, fleetWork } from './sessions.routes';
import type { SessionFiltersInput } from './sessions.schemas';
import { ALL_FIELDS, listPageWithSums, type Scope, scopedSession } from './sessions.store';

async function scopeOf(c: Context<AppEnv>): Promise<Scope> {
  return { companies: await callerScope(c) };
}

function fleetHandler(place: 'work' | 'roaming' | 'home') {
  return async (c: Context<AppEnv>, filters: SessionFiltersInput) => {
    const variant = pickVariant(filters.variant, FLEET_VARIANTS);
    if (!variant) return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    return answerList(c, filters, queryOf(filters, variant, { place }), FLEET_VARIANTS, await scopeOf(c));
  };
}
const work = fleetHandler('work');
const roaming = fleetHandler('roaming');
const home = fleetHandler('home');

const ACTIVE_FIELDS = [
  'id',
  'cdr_start',
  'station_name',
  'station_city',
  'connector_evse_id',
  'cdr_auth_id',
  'user_email',
  'start_method',
];

export const sessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(fleetWork, async (c) => work(c, c.req.valid('json')))
  .openapi(fleetRoaming, async (c) => roaming(c, c.req.valid('json')))
  .openapi(fleetHome, async (c) => home(c, c.req.valid('json')))
  .openapi(fleetActive, async (c) => {
    const scope = await scopeOf(c);
    const q = queryOf({ direction: 'desc', status: 'in_progress' } as SessionFiltersInput, 'fleet_mps');
    return activeAnswer(c, scope, { ...q, variant: 'fleet' }, { ...q, variant: 'fleet_mps' });
  })
  .openapi(active, async (c) => {
    const scope = await scopeOf(c);
    const q = queryOf({ direction: 'desc', status: 'in_progress' } as SessionFiltersInput, 'multiflow');
    return activeAnswer(c, scope, q);
  })
  .openapi(filterOptions, async (c) => {
    const { access } = authOf(c);
    // The pickers serve the session lists: a caller who may list no sessions gets no choices.
    if (!can(access, 'connectors:view') && !can(access, 'fleet:view')) return c.json({ data: [] }, 200);
    const { kind } = c.req.valid('param');
    const data = await optionsOf(c.get('db'), kind, await callerScope(c), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const auth = authOf(c);
    const audiences = { network: can(auth.access, 'connectors:view'), fleet: can(auth.access, 'fleet:view') };
    const find = await scopedSession(c.env.DB, await scopeOf(c), audiences);
    const row = await find(id);
    if (!row) return apiError(c, 404, 'SESSION_NOT_FOUND', 'notFound');
    const { meter_curve_json, ...cdr } = row;
    const qr = isQrPayment(cdr.start_method as string | null);
    const priced = cdr.pricing_status === 'priced';
    const reason = priced ? null : ((cdr.pricing_note as string | null) ?? null);
    const tariffLines = priced ? await tariffLinesWithNames(c.env.DB, id) : [];
    const party = (p: 'emp' | 'subcpo' | 'owner', keys: string[]) => {
      const shown = priced && !(qr && p !== 'emp');
      return {
        party: p,
        priced: shown,
        reason: qr && p !== 'emp' ? 'QR' : reason,
        lines: keys.map((key) => ({
          key,
          value: shown ? ((cdr[`${p}_price_${key}`] ?? null) as number | null) : null,
        })),
        tariff_lines: shown ? tariffLines.filter((l) => l.party === p).map(({ party: _p, ...l }) => l) : [],
      };
    };
    const parties = [
      party('emp', ['energy', 'net_energy', 'time', 'penalty', 'net_penalty', 'net_total', 'total']),
      party('subcpo', ['energy', 'time', 'penalty', 'total']),
      party('owner', ['energy', 'penalty', 'total']),
    ];
    // Owner cost per kWh and the VAT value sit beside the parties' lines.
    const owner = parties[2];
    if (owner)
      owner.lines.push({
        key: 'cost_per_kwh',
        value: owner.priced ? ((cdr.owner_cost_per_kwh ?? null) as number | null) : null,
      });
    const emp = parties[0];
    if (emp) emp.lines.push({ key: 'vat', value: emp.priced ? ((cdr.cdr_vat_value ?? null) as number | null) : null });
    const session: Record<string, string | number | null> = {};
    for (const key of ALL_FIELDS) session[key] = cdr[key] ?? null;
    const shown = projectCdr(cdr, 'emp');
    session.start_method = shown.start_method as string;
    let curve: (number | null)[][] = [];
    try {
      const parsed: unknown = meter_curve_json ? JSON.parse(meter_curve_json) : [];
      if (Array.isArray(parsed)) curve = parsed.filter(Array.isArray) as (number | null)[][];
    } catch {
      curve = [];
    }
    const pricingWhy = can(auth.access, 'tariffs:view') ? await pricingWhyOf(c, id) : null;
    return c.json(
      { session, parties, curve, engineer: can(auth.access, 'sessions:engineer-graphs'), pricing_why: pricingWhy },
      200,
    );
  });

/** At most this many candidates per perspective: the chosen and outranked ones come first. */
const WHY_LIMIT = 20;

/** Which tariff priced each perspective of the session and why the others did not (domain/tariffs/explain.ts). */
async function pricingWhyOf(c: Context<AppEnv>, sessionId: number) {
  const found = await sessionPricingFacts(c.get('db'), sessionId, await callerScope(c));
  if (!found) return null;
  const named = (id: number | null) => (id === null ? null : { id, name: found.names.get(id)?.name ?? `#${id}` });
  return explainSessionPricing(found.input).map((p) => ({
    perspective: p.perspective,
    priced_with: named(p.pricedWith),
    would_choose: named(p.wouldChoose),
    stale: p.stale,
    candidates: p.verdicts.slice(0, WHY_LIMIT).map((v) => ({
      tariff_id: v.tariffId,
      name: found.names.get(v.tariffId)?.name ?? `#${v.tariffId}`,
      type: v.type,
      status: found.names.get(v.tariffId)?.status ?? 'approved',
      outcome: v.outcome,
      exclusion: v.exclusion ?? null,
      by: v.by ?? null,
      criterion: v.criterion ?? null,
      approved_after_pricing: v.approvedAfterPricing,
    })),
  }));
}

/** The stored tariff lines of a priced session with the names of the tariffs that produced them. */
async function tariffLinesWithNames(d1: D1Database, sessionId: number) {
  const { results } = await d1
    .prepare(
      `SELECT l.party, l.dimension, l.tariff_id, t.name AS tariff_name, l.element_index, l.quantity, l.unit_price,
              l.vat_bp, l.excl_vat, l.incl_vat
         FROM session_tariff_lines l LEFT JOIN tariffs t ON t.id = l.tariff_id
        WHERE l.session_id = ? ORDER BY l.party, l.position`,
    )
    .bind(sessionId)
    .all<{
      party: string;
      dimension: string;
      tariff_id: number | null;
      tariff_name: string | null;
      element_index: number;
      quantity: number;
      unit_price: number;
      vat_bp: number | null;
      excl_vat: number;
      incl_vat: number;
    }>();
  return results;
}

async function activeAnswer(c: Context<AppEnv>, scope: Scope, ...queries: ReturnType<typeof queryOf>[]) {
  const answers = await Promise.all(queries.map((q) => listPageWithSums(c.env.DB, scope, q, 0, 100, false)));
  const data = answers
    .flatMap((a) => a.data)
    .map((r) => Object.fromEntries(ACTIVE_FIELDS.map((k) => [k, r[k] ?? null])));
  return c.json({ data, total: answers.reduce((n, a) => n + a.total, 0) }, 200);
}
