/** @module Reads and writes of the company settings, always for one company the caller has in scope. */

import type { Db } from '@db/db';
import { serviceSettingsOf } from '@db/queries/companies.store';
import { companies, companyServiceSettings, companySiblings } from '@db/schema';
import { SERVICE_SETTING_IDS } from '@domain/permissions/service-settings';
import { and, asc, eq, inArray, or } from 'drizzle-orm';

export type Company = typeof companies.$inferSelect;

/** The company if it is in `scope` (the caller's selected company and its descendants), else null. */
export async function scopedCompany(db: Db, scope: readonly number[], id: number): Promise<Company | null> {
  if (!scope.includes(id)) return null;
  return (await db.select().from(companies).where(eq(companies.id, id)).get()) ?? null;
}

/** Linked siblings, stored once per direction: either side of the link names the other. */
export async function siblingsOf(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  const links = await db
    .select({ a: companySiblings.companyId, b: companySiblings.siblingId })
    .from(companySiblings)
    .where(or(eq(companySiblings.companyId, companyId), eq(companySiblings.siblingId, companyId)));
  const ids = [...new Set(links.map((l) => (l.a === companyId ? l.b : l.a)))];
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.name));
}

export async function settingsView(db: Db, company: Company, selectedId: number) {
  const [services, siblings, parent] = await Promise.all([
    serviceSettingsOf(db, company.id),
    siblingsOf(db, company.id),
    company.parentCompanyId === null
      ? null
      : db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(eq(companies.id, company.parentCompanyId))
          .get(),
  ]);
  const known = SERVICE_SETTING_IDS as readonly number[];
  return {
    id: company.id,
    parent: parent ?? null,
    is_selected: company.id === selectedId,
    general: {
      name: company.name,
      business_name: company.businessName,
      email: company.email,
      web: company.web,
      phone: company.phone,
      fax: company.fax,
      street: company.street,
      street_number: company.streetNumber,
      city: company.city,
      district: company.district,
      state: company.state,
      zip: company.zip,
      country: company.country,
      vat: company.vat,
      tax_id_type: company.taxIdType,
      tax_id_country: company.taxIdCountry,
      legal_entity: company.legalEntity,
      executive_name: company.executiveName,
      commercial_register_number: company.commercialRegisterNumber,
      time_zone: company.timeZone,
      currency: company.currency,
    },
    services: {
      service_settings: services.filter((id) => known.includes(id)).sort((a, b) => a - b),
      parent_can_charge_on: company.parentCanChargeOn,
      siblings_can_charge_on: company.siblingsCanChargeOn,
      mandatory_license_plate: company.mandatoryLicensePlate,
    },
    siblings,
    group_labels: [company.group1Label, company.group2Label, company.group3Label, company.group4Label],
    updated_at: company.updatedAt ? company.updatedAt.toISOString() : null,
  };
}

/** The statements that make exactly `on` the company's known service settings; unknown stored ids stay. */
export function replaceServiceSettings(db: Db, companyId: number, on: readonly number[]) {
  const known = SERVICE_SETTING_IDS as readonly number[];
  const off = known.filter((id) => !on.includes(id));
  const remove = db
    .delete(companyServiceSettings)
    .where(and(eq(companyServiceSettings.companyId, companyId), inArray(companyServiceSettings.settingId, off)));
  if (on.length === 0) return [remove] as const;
  return [
    remove,
    db
      .insert(companyServiceSettings)
      .values(on.map((settingId) => ({ companyId, settingId })))
      .onConflictDoNothing(),
  ] as const;
}
