/**
 * @module Handlers of the mobile app customisations (ADR 049): the catalog (super users change it; a
 * duplicate name is 409) and a company's choice (an unknown id is 404), each change audited.
 */
import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopedCompany, writeCompany } from '../company-settings.store';
import * as r from './app-customization.routes';
import {
  allAppCustomizations,
  appCustomizationById,
  appCustomizationByName,
  insertAppCustomization,
  renameAppCustomization,
} from './app-customization.store';

type Ctx = Context<AppEnv>;

const companyNotFound = (c: Ctx, id: number) => apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
const unknown = (c: Ctx, id: number) =>
  apiError(c, 404, 'NOT_FOUND', 'appCustomizationNotFound', {
    field: 'app_customization_customers_id',
    params: { id },
  });
const taken = (c: Ctx) => apiError(c, 409, 'CONFLICT', 'appCustomizationNameTaken', { field: 'name' });

async function view(c: Ctx, companyId: number, chosen: number | null) {
  return {
    company_id: companyId,
    app_customization_customers_id: chosen,
    available: await allAppCustomizations(c.get('db')),
  };
}

export const appCustomizationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.listAppCustomizations, async (c) => c.json({ data: await allAppCustomizations(c.get('db')) }, 200))
  .openapi(r.createAppCustomization, async (c) => {
    const { name } = c.req.valid('json');
    const db = c.get('db');
    if (await appCustomizationByName(db, name)) return taken(c);
    const row = await insertAppCustomization(db, name);
    await auditInsert(
      db,
      callerAudit(c, {
        action: 'app_customization.create',
        entity: 'app_customization',
        entityId: row.id,
        detail: { name },
      }),
    );
    return c.json(row, 201);
  })
  .openapi(r.renameAppCustomization, async (c) => {
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const db = c.get('db');
    const row = await appCustomizationById(db, id);
    if (!row) return apiError(c, 404, 'NOT_FOUND', 'appCustomizationNotFound', { params: { id } });
    const other = await appCustomizationByName(db, name);
    if (other && other.id !== id) return taken(c);
    await renameAppCustomization(
      db,
      id,
      name,
      callerAudit(c, {
        action: 'app_customization.rename',
        entity: 'app_customization',
        entityId: id,
        detail: { from: row.name, name },
      }),
    );
    return c.json({ id, name }, 200);
  })
  .openapi(r.readCompanyAppCustomization, async (c) => {
    const { companyId } = c.req.valid('param');
    const company = await scopedCompany(c.get('db'), authOf(c).scope, companyId);
    if (!company) return companyNotFound(c, companyId);
    return c.json(await view(c, company.id, company.appCustomizationCustomersId), 200);
  })
  .openapi(r.putCompanyAppCustomization, async (c) => {
    const { companyId } = c.req.valid('param');
    const db = c.get('db');
    const company = await scopedCompany(db, authOf(c).scope, companyId);
    if (!company) return companyNotFound(c, companyId);
    const chosen = c.req.valid('json').app_customization_customers_id;
    if (chosen !== null && !(await appCustomizationById(db, chosen))) return unknown(c, chosen);
    const detail = { from: company.appCustomizationCustomersId, app_customization_customers_id: chosen };
    await writeCompany(
      db,
      company.id,
      { appCustomizationCustomersId: chosen },
      callerAudit(c, { action: 'company.settings.app_customization', entity: 'company', entityId: company.id, detail }),
    );
    return c.json(await view(c, company.id, chosen), 200);
  });
