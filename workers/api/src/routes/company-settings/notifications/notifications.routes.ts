/**
 * @module Routes of the notification channels tab of /settings/{companyId} (issue 20 part 2) and the
 * spec's reference calls `GET /notification-types` and `GET /alert-settings` (7.9), behind 'company:settings'.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams } from '../company-settings.schemas';
import {
  AlertSettingsQuery,
  AlertSettingsSchema,
  NotificationsBody,
  NotificationsSchema,
  NotificationTypesSchema,
} from './notifications.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const notificationTypes = defineRoute('company:settings', {
  method: 'get',
  path: '/notification-types',
  tags,
  summary: 'The notification types a company may subscribe to, and the SOC notification channels',
  responses: { 200: json(NotificationTypesSchema) },
});

export const alertSettings = defineRoute('company:settings', {
  method: 'get',
  path: '/alert-settings',
  tags,
  summary: "A company's alert countries (default: the selected company)",
  request: { query: AlertSettingsQuery },
  responses: { 200: json(AlertSettingsSchema), 404: notFound },
});

export const readNotifications = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/notifications',
  tags,
  summary:
    "The notification channels tab: a company's notification types and recipients, SOC notification, alert countries",
  request: { params: CompanyParams },
  responses: { 200: json(NotificationsSchema), 404: notFound },
});

export const putNotifications = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/notifications',
  tags,
  summary: 'Saves the notification channels tab (the whole tab: types not listed are unsubscribed)',
  request: { params: CompanyParams, body: jsonBody(NotificationsBody) },
  responses: { 200: json(NotificationsSchema), 404: notFound },
});
