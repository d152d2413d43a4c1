/**
 * @module The notification channels tab's reads and writes, always for one company the caller has in
 * scope: its subscribed types and alert countries replaced, its SOC columns and the audit row, in one batch.
 */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, companyAlertCountries, companyNotificationTypes } from '@db/schema';
import type { NotificationsValues } from '@domain/company-settings/notification-rules';
import { asc, eq } from 'drizzle-orm';

export async function alertCountriesOf(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ country: companyAlertCountries.country })
    .from(companyAlertCountries)
    .where(eq(companyAlertCountries.companyId, companyId))
    .orderBy(asc(companyAlertCountries.country));
  return rows.map((r) => r.country);
}

export async function notificationsOf(db: Db, companyId: number) {
  const [types, countries, company] = await Promise.all([
    db
      .select({ type: companyNotificationTypes.type, emails: companyNotificationTypes.emails })
      .from(companyNotificationTypes)
      .where(eq(companyNotificationTypes.companyId, companyId)),
    alertCountriesOf(db, companyId),
    db
      .select({ email: companies.email, socType: companies.socNotificationType, socLimit: companies.socLimit })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get(),
  ]);
  return { types, countries, company };
}

/** Replaces the company's notification channels and writes the audit row, in one batch. */
export async function writeNotifications(db: Db, companyId: number, v: NotificationsValues, audit: AuditEntry) {
  const types = v.notification_types.map((t) => ({ companyId, type: t.type, emails: t.emails }));
  const countries = v.alert_countries.map((country) => ({ companyId, country }));
  await db.batch([
    db.delete(companyNotificationTypes).where(eq(companyNotificationTypes.companyId, companyId)),
    db.delete(companyAlertCountries).where(eq(companyAlertCountries.companyId, companyId)),
    ...(types.length > 0 ? [db.insert(companyNotificationTypes).values(types)] : []),
    ...(countries.length > 0 ? [db.insert(companyAlertCountries).values(countries)] : []),
    db
      .update(companies)
      .set({ socNotificationType: v.soc_notification_type, socLimit: v.soc_limit, updatedAt: new Date() })
      .where(eq(companies.id, companyId)),
    auditInsert(db, audit),
  ]);
}
