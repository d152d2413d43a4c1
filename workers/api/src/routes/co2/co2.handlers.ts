/**
 * @module GET /api/co2-total and the company CO2 baselines (ADR 053): the store sums energy per month,
 * country, renewable supply and vehicle class in SQL; domain/co2 turns the sums into CO2 avoided.
 */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { overridesFrom, summarizeCo2 } from '@domain/co2/aggregate';
import {
  classFigures,
  FOSSIL_COMPARATOR_G_PER_MJ,
  FUEL_SOURCE,
  RESIDUAL_MIX_SOURCE,
  VEHICLE_CLASSES,
} from '@domain/co2/index';
import { resolvePeriod } from '@domain/co2/periods';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { putBaselines, readBaselines, total } from './co2.routes';
import { baselinesOf, energyGroups, groupInTree, scopedCompany, userInTree, writeBaselines } from './co2.store';

type Ctx = Context<AppEnv>;

const sumOut = (s: {
  energyWh: number;
  sessions: number;
  baselineKg: number;
  projectKg: number;
  avoidedKg: number;
  estimated: boolean;
}) => ({
  energy_wh: s.energyWh,
  sessions: s.sessions,
  baseline_kg: s.baselineKg,
  project_kg: s.projectKg,
  avoided_kg: s.avoidedKg,
  estimated: s.estimated,
});

async function classesOf(c: Ctx, companyId: number) {
  const rows = await baselinesOf(c.get('db'), companyId);
  const overrides = overridesFrom(rows);
  const own = new Set(rows.map((r) => r.vehicleClass));
  const list = VEHICLE_CLASSES.map((vehicleClass) => {
    const f = classFigures(vehicleClass, overrides);
    return {
      vehicle_class: vehicleClass,
      ev_kwh_per_100km: f.evKwhPer100Km,
      ice_litres_per_100km: f.iceLitresPer100Km,
      fuel: f.fuel,
      overridden: own.has(vehicleClass),
    };
  });
  return { overrides, list };
}

export const co2Routes = new OpenAPIHono<AppEnv>()
  .openapi(total, async (c) => {
    const q = c.req.valid('query');
    const auth = authOf(c);
    const perspective = q.perspective ?? (can(auth.access, 'co2:network') ? 'network' : 'fleet');
    if (!can(auth.access, perspective === 'fleet' ? 'fleet:view' : 'co2:network'))
      return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    const db = c.get('db');
    const id = q.company_id ?? auth.company.id;
    const company = await scopedCompany(db, auth.scope, id);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
    if (q.group_id && !(await groupInTree(db, company.id, q.group_id)))
      return apiError(c, 404, 'NOT_FOUND', 'groupNotFound', { params: { id: q.group_id } });
    if (q.user_id && perspective === 'fleet' && !(await userInTree(db, company.id, q.user_id)))
      return apiError(c, 404, 'NOT_FOUND', 'userNotFound');
    const months = resolvePeriod(company.timeZone, Date.now(), q.from, q.to);
    const first = months?.[0];
    const last = months?.at(-1);
    if (!months || !first || !last) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'from' });
    const { overrides, list } = await classesOf(c, company.id);
    const groups = await energyGroups(db, {
      perspective,
      companyId: company.id,
      months,
      groupId: q.group_id,
      userId: q.user_id,
    });
    const summary = summarizeCo2(groups, overrides);
    const empty = { energyWh: 0, sessions: 0, baselineKg: 0, projectKg: 0, avoidedKg: 0, estimated: false };
    return c.json(
      {
        perspective,
        company_id: company.id,
        from: first.month,
        to: last.month,
        time_zone: company.timeZone,
        total: sumOut(summary.total),
        months: months.map((m) => ({ month: m.month, ...sumOut(summary.byKey.get(m.month) ?? empty) })),
        factors: summary.factors.map((f) => ({
          basis: f.basis,
          country: f.country,
          factor_year: f.factorYear,
          g_per_kwh: f.gPerKwh,
          estimated: f.estimated,
        })),
        method: {
          standard: 'ISO 14064-2',
          fuel_source: FUEL_SOURCE,
          fossil_comparator_g_per_mj: FOSSIL_COMPARATOR_G_PER_MJ,
          residual_mix_source: RESIDUAL_MIX_SOURCE,
          vehicle_classes: list,
        },
      },
      200,
    );
  })
  .openapi(readBaselines, async (c) => {
    const auth = authOf(c);
    const id = c.req.valid('query').company_id ?? auth.company.id;
    const company = await scopedCompany(c.get('db'), auth.scope, id);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
    return c.json({ company_id: company.id, vehicle_classes: (await classesOf(c, company.id)).list }, 200);
  })
  .openapi(putBaselines, async (c) => {
    const auth = authOf(c);
    const body = c.req.valid('json');
    const id = body.company_id ?? auth.company.id;
    const company = await scopedCompany(c.get('db'), auth.scope, id);
    if (!company) return apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
    const rows = body.vehicle_classes
      .map((r) => ({
        vehicleClass: r.vehicle_class,
        evKwhPer100Km: r.ev_kwh_per_100km,
        iceLitresPer100Km: r.ice_litres_per_100km,
        fuel: r.fuel,
      }))
      .filter((r) => r.evKwhPer100Km !== null || r.iceLitresPer100Km !== null || r.fuel !== null);
    const audit = callerAudit(c, {
      action: 'company.settings.co2-baselines',
      entity: 'company',
      entityId: company.id,
      detail: { vehicle_classes: body.vehicle_classes },
    });
    await writeBaselines(c.get('db'), company.id, rows, auth.user.id, audit);
    return c.json({ company_id: company.id, vehicle_classes: (await classesOf(c, company.id)).list }, 200);
  });
