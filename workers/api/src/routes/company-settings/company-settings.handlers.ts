/**
 * @module Company settings handlers. Each PUT writes its tab's columns, the audit row and (for services)
 * the service-setting rows in one D1 batch, then answers the whole settings view. Service settings are
 * read by the session middleware on every request, so a change applies to the next call of every
 * user of that company (roles, snapshotted at login, are not touched here).
 */

import type { AppEnv } from '@api/env';
import type { AuditEntry } from '@api/lib/audit.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import {
  serviceSettingsDiff,
  serviceSettingsOn,
  unknownServiceSettingIndex,
} from '@domain/companies/service-settings-change';
import { privateSessionChoiceError, settingsNeedingConfirmation } from '@domain/company-settings/company-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { appCustomizationRoutes } from './app-customization/app-customization.handlers';
import { brandingRoutes } from './branding/branding.handlers';
import {
  putGeneral,
  putGroupLabels,
  putServices,
  read,
  siblings,
  siblingsCanChargeOn,
} from './company-settings.routes';
import { generalValues } from './company-settings.schemas';
import {
  type Company,
  scopedCompany,
  serviceSettingsOf,
  settingsView,
  settingsViewOf,
  siblingsOf,
  writeCompany,
  writeServices,
} from './company-settings.store';
import { economicsRoutes } from './economics/economics.handlers';
import { invoiceDataRoutes } from './invoice-data/invoice-data.handlers';
import { notificationsRoutes } from './notifications/notifications.handlers';
import { recalcRoutes } from './recalc/recalc.handlers';
import { reportRoutes } from './reports/reports.handlers';
import { ssoConfigRoutes } from './sso/sso-config.handlers';

type Ctx = Context<AppEnv>;

/** The company of the request if the caller has it in scope; otherwise the 404 to answer. */
async function found(
  c: Ctx,
  id: number,
): Promise<{ company: Company; error?: undefined } | { error: ReturnType<typeof apiError<404>> }> {
  const company = await scopedCompany(c.get('db'), authOf(c).scope, id);
  if (company) return { company };
  return { error: apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } }) };
}

const view = (c: Ctx, id: number) => settingsViewOf(c.get('db'), id, authOf(c).company.id);

/** The audit row of a change to company `companyId`'s settings. */
const audit = (c: Ctx, companyId: number, action: string, detail: Record<string, unknown>): AuditEntry => ({
  action,
  actorUserId: authOf(c).user.id,
  companyId,
  entity: 'company',
  entityId: companyId,
  detail,
  ip: clientIp(c),
});

export const companySettingsRoutes = new OpenAPIHono<AppEnv>()
  .route('/', recalcRoutes)
  .route('/', ssoConfigRoutes)
  .route('/', brandingRoutes)
  .route('/', appCustomizationRoutes)
  .route('/', reportRoutes)
  .route('/', economicsRoutes)
  .route('/', invoiceDataRoutes)
  .route('/', notificationsRoutes)
  .openapi(siblings, async (c) => {
    const { company_id } = c.req.valid('query');
    const hit = await found(c, company_id ?? authOf(c).company.id);
    if (hit.error) return hit.error;
    const data = await siblingsOf(c.get('db'), hit.company.id);
    return c.json({ data, siblings_can_charge_on: hit.company.siblingsCanChargeOn }, 200);
  })
  .openapi(
    siblingsCanChargeOn,
    async (c) => {
      const body = c.req.valid('json');
      const hit = await found(c, body.company_id ?? authOf(c).company.id);
      if (hit.error) return hit.error;
      const on = body.siblings_can_charge_on;
      await writeCompany(
        c.get('db'),
        hit.company.id,
        { siblingsCanChargeOn: on },
        audit(c, hit.company.id, 'company.settings.siblings', { siblings_can_charge_on: on }),
      );
      return c.json(await view(c, hit.company.id), 200);
    },
    keyedValidation,
  )
  .openapi(read, async (c) => {
    const hit = await found(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    return c.json(await settingsView(c.get('db'), hit.company, authOf(c).company.id), 200);
  })
  .openapi(
    putGeneral,
    async (c) => {
      const hit = await found(c, c.req.valid('param').companyId);
      if (hit.error) return hit.error;
      const b = c.req.valid('json');
      const changed = Object.keys(b).filter((k) => b[k as keyof typeof b] !== undefined);
      await writeCompany(
        c.get('db'),
        hit.company.id,
        generalValues(b),
        audit(c, hit.company.id, 'company.settings.general', { fields: changed }),
      );
      return c.json(await view(c, hit.company.id), 200);
    },
    keyedValidation,
  )
  .openapi(
    putServices,
    async (c) => {
      const hit = await found(c, c.req.valid('param').companyId);
      if (hit.error) return hit.error;
      const b = c.req.valid('json');
      const unknown = unknownServiceSettingIndex(b.service_settings);
      if (unknown >= 0) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'companyServiceSettingUnknown', {
          field: `service_settings.${unknown}`,
        });
      }
      const on = serviceSettingsOn(b.service_settings);
      const choice = privateSessionChoiceError(on);
      if (choice) return apiError(c, 400, 'VALIDATION_FAILED', choice, { field: 'service_settings' });
      const db = c.get('db');
      const before = await serviceSettingsOf(db, hit.company.id);
      const hiding = settingsNeedingConfirmation(before, on);
      if (hiding.length > 0 && b.confirm !== true) {
        return apiError(c, 409, 'CONFIRMATION_REQUIRED', 'companyServicesConfirm', {
          field: 'confirm',
          params: { ids: hiding.join(', ') },
        });
      }
      const flags = {
        parentCanChargeOn: b.parent_can_charge_on,
        siblingsCanChargeOn: b.siblings_can_charge_on,
        mandatoryLicensePlate: b.mandatory_license_plate,
      };
      await writeServices(
        db,
        hit.company.id,
        on,
        flags,
        audit(c, hit.company.id, 'company.settings.services', { ...serviceSettingsDiff(before, on), ...b }),
      );
      return c.json(await view(c, hit.company.id), 200);
    },
    keyedValidation,
  )
  .openapi(
    putGroupLabels,
    async (c) => {
      const hit = await found(c, c.req.valid('param').companyId);
      if (hit.error) return hit.error;
      const [group1Label, group2Label, group3Label, group4Label] = c.req.valid('json').group_labels;
      await writeCompany(
        c.get('db'),
        hit.company.id,
        { group1Label, group2Label, group3Label, group4Label },
        audit(c, hit.company.id, 'company.settings.group_labels', {
          group_labels: [group1Label, group2Label, group3Label, group4Label],
        }),
      );
      return c.json(await view(c, hit.company.id), 200);
    },
    keyedValidation,
  );
