/**
 * @module One session's detail (GET /sessions/{id}): the session in the caller's scope (404 otherwise),
 * each party's prices as domain/sessions/detail.ts decides them, the power curve, and which tariff
 * priced each perspective and why (domain/tariffs/explain.ts) for a caller who may view tariffs.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { overridesFrom } from '@domain/co2/aggregate';
import { sessionCo2Detail, vehicleClassOf } from '@domain/co2/index';
import { monthOf } from '@domain/co2/periods';
import { can } from '@domain/permissions/permissions';
import { isPriced, meterCurve, sessionAudiences, sessionParties } from '@domain/sessions/detail';
import { projectCdr } from '@domain/sessions/project';
import { explainSessionPricing } from '@domain/tariffs/explain';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ALL_FIELDS } from '../sessions.store';
import { baselinesOf, sessionCo2Facts } from './detail.co2.store';
import { sessionPricingFacts } from './detail.pricing.store';
import { detail } from './detail.routes';
import { scopedSession, tariffLinesWithNames } from './detail.store';

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

/** The session's CO2 with the caller's company baseline figures (ADR 053); null until it delivered energy. */
async function co2Of(c: Context<AppEnv>, sessionId: number) {
  const db = c.get('db');
  const facts = await sessionCo2Facts(db, sessionId);
  if (!facts) return null;
  const overrides = overridesFrom(await baselinesOf(db, authOf(c).company.id));
  const d = sessionCo2Detail(
    {
      energyWh: facts.energy,
      country: facts.country,
      year: Number(monthOf(facts.tz, facts.start).slice(0, 4)),
      renewable: facts.renewable === 1,
      certificateGPerKwh: facts.cert,
      vehicleClass: vehicleClassOf(facts.category),
    },
    overrides,
  );
  return {
    baseline_kg: d.baselineKg,
    project_kg: d.projectKg,
    avoided_kg: d.avoidedKg,
    vehicle_class: d.vehicleClass,
    basis: d.grid.basis,
    country: d.grid.country,
    g_per_kwh: d.grid.gPerKwh,
    factor_year: d.grid.factorYear,
    estimated: d.grid.estimated,
  };
}

export const sessionDetailRoutes = new OpenAPIHono<AppEnv>().openapi(detail, async (c) => {
  const { id } = c.req.valid('param');
  const { access } = authOf(c);
  const find = await scopedSession(c.env.DB, { companies: await callerScope(c) }, sessionAudiences(access));
  const row = await find(id);
  if (!row) return apiError(c, 404, 'SESSION_NOT_FOUND', 'notFound');
  const { meter_curve_json, ...cdr } = row;
  const tariffLines = isPriced(cdr) ? await tariffLinesWithNames(c.env.DB, id) : [];
  const parties = sessionParties(cdr, tariffLines);
  const session: Record<string, string | number | null> = {};
  for (const key of ALL_FIELDS) session[key] = cdr[key] ?? null;
  session.start_method = projectCdr(cdr, 'emp').start_method as string;
  const pricingWhy = can(access, 'tariffs:view') ? await pricingWhyOf(c, id) : null;
  return c.json(
    {
      session,
      parties,
      curve: meterCurve(meter_curve_json),
      engineer: can(access, 'sessions:engineer-graphs'),
      pricing_why: pricingWhy,
      co2: await co2Of(c, id),
    },
    200,
  );
});
