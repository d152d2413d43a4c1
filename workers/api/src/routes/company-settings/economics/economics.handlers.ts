/**
 * @module The economics tab's handlers: the read, and the PUT that judges the body against the stored
 * values and the company currency (`judgeEconomics`), refuses a change of a vendor field (fees, billing
 * anchor, contract) by anyone but a super user, and writes the columns and the audit row in one batch.
 * The QR payments lock their hold when created (`qr_payments.amount_held`), so a new pre-authorization
 * amount applies to the next payment only.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import { judgeEconomics, vendorFieldsChanged } from '@domain/company-settings/economics-rules';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyInScope, settingsAudit } from '../tab-scope';
import { putEconomics, readEconomics } from './economics.routes';
import { economicsColumns, economicsOf, toEconomics } from './economics.schemas';
import { companyAfterChange, writeCompany } from './economics.store';

export const economicsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(readEconomics, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    return c.json(toEconomics(hit.company, can(authOf(c).access, 'companies:manage')), 200);
  })
  .openapi(putEconomics, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    const body = c.req.valid('json');
    const stored = economicsOf(hit.company);
    const vendor = can(authOf(c).access, 'companies:manage');
    const changed = vendorFieldsChanged(body, stored);
    if (!vendor && changed.length > 0)
      return apiError(c, 403, 'FORBIDDEN', 'economicsVendorOnly', {
        field: changed[0],
        params: { fields: changed.join(', ') },
      });
    const verdict = judgeEconomics(body, stored, hit.company.currency);
    if (!verdict.ok)
      return apiError(c, 400, 'VALIDATION_FAILED', verdict.key, { field: verdict.field, params: verdict.params });
    const db = c.get('db');
    const detail = Object.fromEntries(
      Object.entries(verdict.values).filter(([k, v]) => stored[k as keyof typeof stored] !== v),
    );
    await writeCompany(
      db,
      hit.company.id,
      economicsColumns(verdict.values),
      settingsAudit(c, hit.company.id, 'company.settings.economics', detail),
    );
    return c.json(toEconomics(await companyAfterChange(db, hit.company.id), vendor), 200);
  });
