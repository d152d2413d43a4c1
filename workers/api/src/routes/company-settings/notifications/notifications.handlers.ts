/**
 * @module The notification channels tab's handlers and the spec's `/notification-types` and
 * `/alert-settings`: the PUT judges the whole tab (`judgeNotifications`: known types, every address of
 * every list, SOC limit 1–100 when a channel is chosen, ISO countries) and replaces it in one batch.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import type { Db } from '@db/db';
import {
  judgeNotifications,
  NOTIFICATION_TYPES,
  type NotificationType,
  SOC_NOTIFICATION_TYPES,
  type SocNotificationType,
} from '@domain/company-settings/notification-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyInScope, settingsAudit } from '../tab-scope';
import { alertSettings, notificationTypes, putNotifications, readNotifications } from './notifications.routes';
import { alertCountriesOf, notificationsOf, writeNotifications } from './notifications.store';

const known = <T extends string>(list: readonly T[], v: string | null | undefined): v is T =>
  (list as readonly string[]).includes(v ?? '');

async function view(db: Db, companyId: number) {
  const { types, countries, company } = await notificationsOf(db, companyId);
  const order = (t: NotificationType) => NOTIFICATION_TYPES.indexOf(t);
  return {
    company_id: companyId,
    company_email: company?.email ?? null,
    notification_types: types
      .filter((t): t is { type: NotificationType; emails: string | null } => known(NOTIFICATION_TYPES, t.type))
      .sort((a, b) => order(a.type) - order(b.type)),
    soc_notification_type: known<SocNotificationType>(SOC_NOTIFICATION_TYPES, company?.socType)
      ? (company?.socType as SocNotificationType)
      : null,
    soc_limit: company?.socLimit ?? null,
    alert_countries: countries,
  };
}

export const notificationsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(notificationTypes, (c) =>
    c.json(
      { data: NOTIFICATION_TYPES.map((id) => ({ id })), soc_notification_types: [...SOC_NOTIFICATION_TYPES] },
      200,
    ),
  )
  .openapi(alertSettings, async (c) => {
    const hit = await companyInScope(c, c.req.valid('query').scopeId ?? authOf(c).company.id);
    if (hit.error) return hit.error;
    return c.json(
      { scope_id: hit.company.id, alert_countries: await alertCountriesOf(c.get('db'), hit.company.id) },
      200,
    );
  })
  .openapi(readNotifications, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    return c.json(await view(c.get('db'), hit.company.id), 200);
  })
  .openapi(putNotifications, async (c) => {
    const hit = await companyInScope(c, c.req.valid('param').companyId);
    if (hit.error) return hit.error;
    const verdict = judgeNotifications(c.req.valid('json'));
    if (!verdict.ok)
      return apiError(c, 400, 'VALIDATION_FAILED', verdict.key, { field: verdict.field, params: verdict.params });
    const db = c.get('db');
    const v = verdict.values;
    await writeNotifications(
      db,
      hit.company.id,
      v,
      settingsAudit(c, hit.company.id, 'company.settings.notifications', {
        notification_types: v.notification_types.map((t) => t.type),
        soc_notification_type: v.soc_notification_type,
        soc_limit: v.soc_limit,
        alert_countries: v.alert_countries,
      }),
    );
    return c.json(await view(db, hit.company.id), 200);
  });
