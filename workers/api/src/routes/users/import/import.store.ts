/**
 * @module Reads and the one write of the fleet user import: the facts a file is checked against
 * (the company's plate rule, the scope's corporate groups, taken e-mails, stored cards), and every
 * row applied in one D1 batch (a transaction), so a failure (a unique index) leaves nothing behind.
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { companies, corporateGroups } from '@db/schema';
import type { StoredCard } from '@domain/fleet/import-links';
import type { ImportVariant } from '@domain/import/users-import';
import { eq } from 'drizzle-orm';

/** Rows per insert statement (one JSON parameter each, well under D1's value size limit). */
const APPLY_CHUNK = 500;

export async function mandatoryLicensePlate(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .select({ mandatoryLicensePlate: companies.mandatoryLicensePlate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.mandatoryLicensePlate ?? false;
}

export function corporateGroupsOf(db: Db, scope: number[]) {
  return db
    .select({ id: corporateGroups.id, name: corporateGroups.name })
    .from(corporateGroups)
    .where(inCompanies(corporateGroups.companyId, scope));
}

/** Which of the e-mails a user holds: e-mails are unique platform-wide (the login). */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const taken = await db.$client
    .prepare('SELECT email FROM users WHERE email IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(emails))
    .all<{ email: string }>();
  return new Set(taken.results.map((t) => t.email));
}

/** The cards holding these UUIDs, of any company: UUIDs are unique platform-wide (the idTag). */
export async function cardsByUuid(db: Db, uuids: (string | null)[]): Promise<StoredCard[]> {
  const cards = await db.$client
    .prepare('SELECT id, uuid, company_id, user_id, status FROM rfids WHERE uuid IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(uuids))
    .all<StoredCard>();
  return cards.results;
}

/** One imported user as the insert statements read it from the JSON parameter. */
export interface ImportRowValues {
  email: string;
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  group: number | undefined;
  plate: string | null;
  employee: string | null;
  cost: string | null;
  work: 0 | 1;
  home: 0 | 1;
  only_private: 0 | 1;
  rfid_only: 0 | 1;
  daily: number | null;
  weekly: number | null;
  monthly: number | null;
  limits: 0 | 1;
  uuid: string | null;
  /** The key hanger code of a new card, null when none is created. */
  code: string | null;
  /** The existing card handed over, null for a new one (or none). */
  card_id: number | null;
}

const j = (field: string) => `json_extract(j.value, '$.${field}')`;

/** Every row in one D1 batch, in the caller's selected company; the audit rows name the import. */
export async function applyUserImport(
  d1: D1Database,
  rows: ImportRowValues[],
  ctx: {
    variant: ImportVariant;
    unit: 'kwh' | 'currency';
    companyId: number;
    actorUserId: number;
    ip: string | null;
    summary: Record<string, unknown>;
  },
) {
  const statements: D1PreparedStatement[] = [];
  const kwh = ctx.unit === 'kwh';
  for (let i = 0; i < rows.length; i += APPLY_CHUNK) {
    const payload = JSON.stringify(rows.slice(i, i + APPLY_CHUNK));
    statements.push(
      d1
        .prepare(
          `INSERT INTO users (company_id, selected_company_id, email, first_name, last_name, telephone, corporate_group_id,
             license_plate, employee_number, cost_center, can_charge_public, can_charge_work, can_charge_home, only_private,
             charge_only_with_rfid, daily_limit, weekly_limit, monthly_limit)
           SELECT ?1, ?1, ${j('email')}, ${j('first_name')}, ${j('last_name')}, ${j('telephone')}, ${j('group')},
             ${j('plate')}, ${j('employee')}, ${j('cost')}, 0, ${j('work')}, ${j('home')}, ${j('only_private')},
             ${j('rfid_only')}, ${kwh ? j('daily') : 'NULL'}, ${kwh ? j('weekly') : 'NULL'}, ${kwh ? j('monthly') : 'NULL'}
           FROM json_each(?2) j`,
        )
        .bind(ctx.companyId, payload),
    );
    if (!kwh) {
      statements.push(
        d1
          .prepare(
            `INSERT INTO user_currency_limits (user_id, daily_minor, weekly_minor, monthly_minor)
             SELECT u.id, ${j('daily')}, ${j('weekly')}, ${j('monthly')}
             FROM json_each(?1) j JOIN users u ON u.email = ${j('email')} WHERE ${j('limits')} = 1`,
          )
          .bind(payload),
      );
    }
    if (ctx.variant === 'uuid') {
      statements.push(
        d1
          .prepare(
            `INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id)
             SELECT ?1, ${j('code')}, ${j('uuid')}, u.id
             FROM json_each(?2) j JOIN users u ON u.email = ${j('email')} WHERE ${j('card_id')} IS NULL`,
          )
          .bind(ctx.companyId, payload),
        // Handing over an existing card only while it is still active and free.
        d1
          .prepare(
            `UPDATE rfids SET user_id = (
               SELECT u.id FROM json_each(?1) j JOIN users u ON u.email = ${j('email')} WHERE ${j('card_id')} = rfids.id)
             WHERE id IN (SELECT ${j('card_id')} FROM json_each(?1) j WHERE ${j('card_id')} IS NOT NULL)
               AND user_id IS NULL AND status = 'active'`,
          )
          .bind(payload),
      );
    }
    statements.push(
      d1
        .prepare(
          `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
           SELECT ?1, ?2, 'user.create', 'user', CAST(u.id AS TEXT),
             json_object('email', u.email, 'companyId', ?2, 'import', 1), ?3
           FROM json_each(?4) j JOIN users u ON u.email = ${j('email')}`,
        )
        .bind(ctx.actorUserId, ctx.companyId, ctx.ip, payload),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, detail_json, ip)
         VALUES (?1, ?2, 'user.import', 'user', ?3, ?4)`,
      )
      .bind(ctx.actorUserId, ctx.companyId, JSON.stringify(ctx.summary), ctx.ip),
  );
  await d1.batch(statements);
}
