/**
 * @module Shapes of the notification channels tab (issue 20 part 2) and of the spec's reference calls
 * `/notification-types` and `/alert-settings` (7.9): subscribed types with their recipients, the SOC
 * notification and the alert countries.
 */
import {
  ALERT_COUNTRIES_MAX,
  NOTIFICATION_TYPES,
  SOC_NOTIFICATION_TYPES,
} from '@domain/company-settings/notification-rules';
import { z } from '@hono/zod-openapi';

export const NotificationsBody = z
  .strictObject({
    notification_types: z
      .array(
        z.strictObject({
          type: z.string().openapi({ example: 'station_offline' }),
          emails: z.string().max(5000, { error: 'companyTextTooLong' }).nullable().openapi({
            description: 'Comma-separated; empty or null: the company’s own e-mail',
            example: 'ops@example.com, noc@example.com',
          }),
        }),
      )
      .max(NOTIFICATION_TYPES.length * 2),
    soc_notification_type: z
      .string()
      .nullable()
      .openapi({ description: `${SOC_NOTIFICATION_TYPES.join(', ')} or null (off)` }),
    soc_limit: z
      .number({ error: 'socLimitInvalid' })
      .nullable()
      .openapi({ description: 'Percentage 1–100', example: 80 }),
    alert_countries: z.array(z.string().max(10, { error: 'alertCountryInvalid' })).max(ALERT_COUNTRIES_MAX),
  })
  .openapi('CompanyNotificationsBody');

const Subscription = z.object({ type: z.enum(NOTIFICATION_TYPES), emails: z.string().nullable() });
export const NotificationsSchema = z
  .object({
    company_id: z.number(),
    /** Where a type with no recipients is sent. */
    company_email: z.string().nullable(),
    notification_types: z.array(Subscription),
    soc_notification_type: z.enum(SOC_NOTIFICATION_TYPES).nullable(),
    soc_limit: z.number().nullable(),
    alert_countries: z.array(z.string()),
  })
  .openapi('CompanyNotifications');

export const NotificationTypesSchema = z
  .object({
    data: z.array(z.object({ id: z.enum(NOTIFICATION_TYPES) })),
    soc_notification_types: z.array(z.enum(SOC_NOTIFICATION_TYPES)),
  })
  .openapi('NotificationTypes');

export const AlertSettingsQuery = z.object({
  scopeId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({
      param: { name: 'scopeId', in: 'query' },
      description: 'A company of your scope; default the selected company',
    }),
});

export const AlertSettingsSchema = z
  .object({ scope_id: z.number(), alert_countries: z.array(z.string()) })
  .openapi('AlertSettings');
