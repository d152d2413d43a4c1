/**
 * @module MPS tariffs (spec 7.21): which approved tariff applies per company, type and country.
 * An entry of another company answers 404 as if it did not exist; it may point only to an approved
 * tariff of its own type in the caller's scope.
 */

import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { storedType } from '@domain/tariffs/model';
import { mpsTargetAllowed } from '@domain/tariffs/workflow';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as mps from './tariffs.mps.store';
import * as r from './tariffs.routes';
import { toMps } from './tariffs.schemas';
import { scopedTariff } from './tariffs.store';

type Ctx = Context<AppEnv>;

const mpsNotFound = (c: Ctx, id: number) =>
  apiError(c, 404, 'MPS_TARIFF_NOT_FOUND', 'mpsTariffNotFound', { params: { id } });
const mpsExists = (c: Ctx) => apiError(c, 409, 'MPS_TARIFF_EXISTS', 'mpsTariffExists');

const audited = (c: Ctx, action: string, id: number, detail: Record<string, unknown>) =>
  auditInsert(c.get('db'), callerAudit(c, { action, entity: 'mps_tariff', entityId: id, detail }));

/** The tariff an MPS entry points to: of the scope, approved and of the entry's type. */
async function approvedOfType(c: Ctx, tariffId: number, rawType: string) {
  const type = storedType(rawType) ?? 'cpo';
  const t = await scopedTariff(c.get('db'), await callerScope(c), tariffId);
  if (!t) {
    const error = apiError(c, 404, 'TARIFF_NOT_FOUND', 'tariffNotFound', { params: { id: tariffId } });
    return { kind: 'error' as const, error };
  }
  if (!mpsTargetAllowed(t, type)) {
    return { kind: 'error' as const, error: apiError(c, 409, 'TARIFF_NOT_APPROVED', 'tariffNotApproved') };
  }
  return { kind: 'ok' as const, tariff: t, type };
}

export const mpsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.mpsList, async (c) => {
    const type = storedType(c.req.valid('param').type) ?? 'cpo';
    const q = c.req.valid('query');
    const companies = q.noCompany === 'true' ? await callerScope(c) : [authOf(c).company.id];
    const rows = await mps.mpsList(c.get('db'), companies, type, q.countryCode);
    return c.json({ data: rows.map((x) => toMps(x.m, x.name)) }, 200);
  })
  .openapi(r.mpsDetail, async (c) => {
    const { tariffId } = c.req.valid('param');
    const found = await mps.scopedMps(c.get('db'), await callerScope(c), tariffId);
    if (!found) return mpsNotFound(c, tariffId);
    return c.json({ data: toMps(found.m, found.name) }, 200);
  })
  .openapi(
    r.mpsCreate,
    async (c) => {
      const body = c.req.valid('json');
      const checked = await approvedOfType(c, body.tariff_id, body.type);
      if (checked.kind === 'error') return checked.error;
      const companyId = authOf(c).company.id;
      const row = await mps.insertMps(c.get('db'), {
        companyId,
        type: checked.type,
        countryCode: body.country_code,
        tariffId: body.tariff_id,
      });
      if (row === 'exists') return mpsExists(c);
      if (!row) throw new Error('mps insert returned nothing');
      await audited(c, 'tariff.mps.create', row.id, { ...body });
      return c.json({ data: toMps(row, checked.tariff.name) }, 201);
    },
    keyedValidation,
  )
  .openapi(
    r.mpsUpdate,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const found = await mps.scopedMps(c.get('db'), await callerScope(c), tariffId);
      if (!found) return mpsNotFound(c, tariffId);
      const body = c.req.valid('json');
      const checked = await approvedOfType(c, body.tariff_id, body.type);
      if (checked.kind === 'error') return checked.error;
      const row = await mps.updateMps(c.get('db'), found.m.id, {
        type: checked.type,
        countryCode: body.country_code,
        tariffId: body.tariff_id,
      });
      if (row === 'exists') return mpsExists(c);
      if (!row) return mpsNotFound(c, tariffId);
      await audited(c, 'tariff.mps.update', row.id, { ...body });
      return c.json({ data: toMps(row, checked.tariff.name) }, 200);
    },
    keyedValidation,
  )
  .openapi(r.mpsDelete, async (c) => {
    const { tariffId } = c.req.valid('param');
    const found = await mps.scopedMps(c.get('db'), await callerScope(c), tariffId);
    if (!found) return mpsNotFound(c, tariffId);
    await mps.deleteMps(c.get('db'), found.m.id);
    await audited(c, 'tariff.mps.delete', found.m.id, {});
    return c.json({ data: toMps(found.m, found.name) }, 200);
  });
