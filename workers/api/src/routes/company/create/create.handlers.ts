/**
 * @module POST /company: gathers the parent and the corporate admin within the caller's scope, lets the
 * domain rules decide (service settings, VAT country), then writes company, settings, admin, invitation
 * and audit in one batch (create.store). A new admin is invited with a one-time link to the password
 * page (the reset-password flow, with a longer validity), sent through the e-mail outbox.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { invitation } from '@api/lib/invitation';
import { keyedValidation } from '@api/lib/keyed-validation';
import { requestLanguage } from '@api/lib/language';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { generalValues } from '@api/routes/company-settings/company-settings.schemas';
import { serviceSettingsOn, unknownServiceSettingIndex } from '@domain/companies/service-settings-change';
import { privateSessionChoiceError, vatCountry } from '@domain/company-settings/company-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyCreate } from '@i18n/areas/company-create';
import type { Context } from 'hono';
import * as r from './create.routes';
import type { CreateCompany } from './create.schemas';
import {
  adminCandidates,
  ancestorsOf,
  type CreateWrite,
  createCompany,
  emailInUse,
  scopedActiveUser,
  scopedParent,
} from './create.store';

type Ctx = Context<AppEnv>;
const invalid = (c: Ctx, key: Parameters<typeof apiError>[3], field: string) =>
  apiError(c, 400, 'VALIDATION_FAILED', key, { field });
const forbidden = (c: Ctx, field: string) => apiError(c, 403, 'FORBIDDEN', 'forbidden', { field });

const taken = (c: Ctx) => apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'corporate_admin.email' });
type Refusal = ReturnType<typeof invalid> | ReturnType<typeof forbidden> | ReturnType<typeof taken>;

/** The corporate admin part of the write, or the answer refusing it. */
async function adminOf(
  c: Ctx,
  b: CreateCompany,
  parentId: number,
): Promise<{ admin: CreateWrite['admin']; error?: undefined } | { error: Refusal }> {
  const db = c.get('db');
  const asked = b.corporate_admin;
  if (asked.user_id !== undefined) {
    const user = await scopedActiveUser(db, authOf(c).scope, asked.user_id);
    if (!user) return { error: forbidden(c, 'corporate_admin.user_id') };
    // The admin must reach the new company through the switcher: a user of its parent or above.
    if (!(await ancestorsOf(db, parentId)).includes(user.companyId)) {
      return { error: invalid(c, 'companyAdminUnreachable', 'corporate_admin.user_id') };
    }
    return { admin: { kind: 'existing', userId: user.id } };
  }
  const email = (asked.email ?? '').trim().toLowerCase();
  if (await emailInUse(db, email)) return { error: taken(c) };
  const language = requestLanguage(c);
  const texts = companyCreate[language];
  const invited: CreateWrite['admin'] = {
    kind: 'new',
    user: { email, firstName: asked.first_name || null, lastName: asked.last_name || null, language },
    invitation: await invitation(
      c,
      email,
      'company-admin-invitation',
      { subject: texts.invitationSubject, text: texts.invitationText },
      { company: b.name },
    ),
  };
  return { admin: invited };
}

export const createRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    r.adminCandidates,
    async (c) => {
      const { search } = c.req.valid('query');
      return c.json({ data: await adminCandidates(c.get('db'), authOf(c).scope, search) }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.createCompany,
    async (c) => {
      const b = c.req.valid('json');
      const auth = authOf(c);
      const db = c.get('db');
      const unknown = unknownServiceSettingIndex(b.service_settings);
      if (unknown >= 0) return invalid(c, 'companyServiceSettingUnknown', `service_settings.${unknown}`);
      const services = serviceSettingsOn(b.service_settings);
      const choice = privateSessionChoiceError(services);
      if (choice) return invalid(c, choice, 'service_settings');
      // ADR 005: a company named in a body outside the caller's tree is refused on its field.
      const parent = await scopedParent(db, auth.scope, b.parent_company_id);
      if (!parent) return forbidden(c, 'parent_company_id');
      if (parent.isClosed) return invalid(c, 'companyParentClosed', 'parent_company_id');
      const chosen = await adminOf(c, b, parent.id);
      if (chosen.error) return chosen.error;
      const { admin } = chosen;
      const general = generalValues({ ...b, tax_id_country: b.tax_id_country ?? vatCountry(b.vat) });
      try {
        const created = await createCompany(db, {
          company: {
            ...general,
            currency: b.currency,
            parentCompanyId: parent.id,
            cpms: b.cpms,
            isSubcpo: b.is_subcpo,
            isEvfleet: b.is_evfleet,
            isLifestyle: b.is_lifestyle,
            empServices: b.emp_services,
          },
          services,
          admin,
          audit: {
            actorUserId: auth.user.id,
            ip: clientIp(c),
            detail: { name: b.name, parentCompanyId: parent.id, services, admin: admin.kind },
          },
        });
        const body = {
          id: created.id,
          name: b.name,
          parent_company_id: parent.id,
          corporate_admin_id: created.adminId,
          invited: admin.kind === 'new',
        };
        return c.json(body, 201);
      } catch (err) {
        // Two creations with the same new admin at once: the second one's user insert fails.
        if (String(err).includes('UNIQUE')) return taken(c);
        throw err;
      }
    },
    keyedValidation,
  );
