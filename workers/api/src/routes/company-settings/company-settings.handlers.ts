/**
 * @module Company settings handlers. Each PUT writes its tab's columns, the audit row and (for services)
 * the service-setting rows in one D1 batch, then answers the whole settings view. Service settings are
 * read by the session middleware on every request, so a change applies to the next call of every
 * user of that company (roles, snapshotted at login, are not touched here).
 */

import { serviceSettingsOf } from '@db/queries/companies.store';
import { companies } from '@db/schema';
import {
  normalizeVat,
  privateSessionChoiceError,
  settingsNeedingConfirmation,
} from '@domain/company-settings/company-rules';
import { isServiceSettingId } from '@domain/permissions/service-settings';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import {
  putGeneral,
  putGroupLabels,
  putServices,
  read,
  siblings,
  siblingsCanChargeOn,
} from './company-settings.routes';
import {
  type Company,
  replaceServiceSettings,
  scopedCompany,
  settingsView,
  siblingsOf,
} from './company-settings.store';

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

const view = async (c: Ctx, id: number) => {
  const db = c.get('db');
  const company = await db.select().from(companies).where(eq(companies.id, id)).get();
  if (!company) throw new Error(`company ${id} vanished after its update`);
  return settingsView(db, company, authOf(c).company.id);
};

const audit = (c: Ctx, companyId: number, action: string, detail: Record<string, unknown>) =>
  auditInsert(c.get('db'), {
    action,
    actorUserId: authOf(c).user.id,
    companyId,
    entity: 'company',
    entityId: companyId,
    detail,
    ip: clientIp(c),
  });

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

async function setSiblingsFlag(c: Ctx, company: Company, on: boolean) {
  const db = c.get('db');
  await db.batch([
    db.update(companies).set({ siblingsCanChargeOn: on, updatedAt: new Date() }).where(eq(companies.id, company.id)),
    audit(c, company.id, 'company.settings.siblings', { siblings_can_charge_on: on }),
  ]);
}

export const companySettingsRoutes = new OpenAPIHono<AppEnv>()
  // The two fixed paths first: `siblings` must not be read as a {companyId}.
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
      await setSiblingsFlag(c, hit.company, body.siblings_can_charge_on);
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
      const db = c.get('db');
      const values = {
        name: b.name,
        businessName: blankToNull(b.business_name),
        email: blankToNull(b.email?.toLowerCase()),
        web: blankToNull(b.web),
        phone: blankToNull(b.phone),
        fax: blankToNull(b.fax),
        street: blankToNull(b.street),
        streetNumber: blankToNull(b.street_number),
        city: blankToNull(b.city),
        district: blankToNull(b.district),
        state: blankToNull(b.state),
        zip: blankToNull(b.zip),
        country: b.country,
        vat: normalizeVat(b.vat),
        taxIdType: blankToNull(b.tax_id_type),
        taxIdCountry: b.tax_id_country,
        legalEntity: blankToNull(b.legal_entity),
        executiveName: blankToNull(b.executive_name),
        commercialRegisterNumber: blankToNull(b.commercial_register_number),
        timeZone: b.time_zone,
        updatedAt: new Date(),
      };
      const changed = Object.keys(b).filter((k) => b[k as keyof typeof b] !== undefined);
      await db.batch([
        db.update(companies).set(values).where(eq(companies.id, hit.company.id)),
        audit(c, hit.company.id, 'company.settings.general', { fields: changed }),
      ]);
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
      const unknown = b.service_settings.findIndex((id) => !isServiceSettingId(id));
      if (unknown >= 0) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'companyServiceSettingUnknown', {
          field: `service_settings.${unknown}`,
        });
      }
      const on = [...new Set(b.service_settings)].sort((x, y) => x - y);
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
      const [first, ...rest] = replaceServiceSettings(db, hit.company.id, on);
      await db.batch([
        first,
        ...rest,
        db
          .update(companies)
          .set({ ...flags, updatedAt: new Date() })
          .where(eq(companies.id, hit.company.id)),
        audit(c, hit.company.id, 'company.settings.services', {
          on: on.filter((id) => !before.includes(id)),
          off: before.filter((id) => isServiceSettingId(id) && !on.includes(id)),
          ...b,
        }),
      ]);
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
      const db = c.get('db');
      await db.batch([
        db
          .update(companies)
          .set({ group1Label, group2Label, group3Label, group4Label, updatedAt: new Date() })
          .where(eq(companies.id, hit.company.id)),
        audit(c, hit.company.id, 'company.settings.group_labels', {
          group_labels: [group1Label, group2Label, group3Label, group4Label],
        }),
      ]);
      return c.json(await view(c, hit.company.id), 200);
    },
    keyedValidation,
  );
