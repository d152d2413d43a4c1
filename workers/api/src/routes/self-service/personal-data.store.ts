/**
 * @module Personal data reads and writes, shared by the fleet admin's and the driver's own routes.
 * Which stations a driver "may use" is the charger's own rule (domain/charging-authorization stationVerdict),
 * so the choice offered here never disagrees with what the charge point will be told.
 */

import type { Db } from '@db/db';
import { FAMILY_SQL } from '@db/queries/authorization.store';
import { stations, userPersonalData, users } from '@db/schema';
import { encryptSecret } from '@domain/identity/secret-box';
import { type PermissionFacts, stationVerdict } from '@domain/charging-authorization/decide';
import { ibanError, ibanLengthFor, maskIban, maskSecret, normalizeIban } from '@domain/self-service/iban';
import type { z } from '@hono/zod-openapi';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { clientIp, sessionSecret } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import type { UpdateUserDataBody } from './personal-data.schemas';

type Ctx = Context<AppEnv>;
type User = typeof users.$inferSelect;
type Body = z.infer<typeof UpdateUserDataBody>;

export const ibanContext = (userId: number) => `iban:${userId}`;

function factsOf(u: User): PermissionFacts {
  return {
    companyId: u.companyId,
    canChargePublic: u.canChargePublic,
    canChargeWork: u.canChargeWork,
    canChargeHome: u.canChargeHome,
    onlyPrivate: u.onlyPrivate,
  };
}

async function familyOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.$client.prepare(FAMILY_SQL).bind(companyId).all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

type StationRow = Pick<
  typeof stations.$inferSelect,
  'id' | 'name' | 'uid' | 'type' | 'city' | 'companyId' | 'ownerCompanyId'
>;
const stationColumns = {
  id: stations.id,
  name: stations.name,
  uid: stations.uid,
  type: stations.type,
  city: stations.city,
  companyId: stations.companyId,
  ownerCompanyId: stations.ownerCompanyId,
};

/** Whether the user may charge at the station by type and ownership (the charger's rule). */
export async function mayUseStation(db: Db, u: User, station: StationRow): Promise<boolean> {
  return stationVerdict(factsOf(u), { ...station }, await familyOf(db, u.companyId)) === null;
}

/**
 * Stations the user may charge at, for the picker: the non-public stations of the companies the
 * user may charge at, and (with the public permission) public stations matching the keyword; at
 * most 100, by name.
 */
export async function usableStations(db: Db, u: User, keyword?: string): Promise<StationRow[]> {
  const family = await familyOf(db, u.companyId);
  const facts = factsOf(u);
  const kw = keyword ? `%${keyword.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
  const match = kw
    ? or(
        sql`${stations.name} LIKE ${kw} ESCAPE '\\'`,
        sql`${stations.uid} LIKE ${kw} ESCAPE '\\'`,
        like(stations.city, kw),
      )
    : undefined;
  const fam = JSON.stringify(family);
  const own = sql`(${stations.companyId} IN (SELECT value FROM json_each(${fam})) OR ${stations.ownerCompanyId} IN (SELECT value FROM json_each(${fam})))`;
  const candidates = or(
    and(sql`${stations.type} <> 'public'`, own),
    facts.canChargePublic && !facts.onlyPrivate ? eq(stations.type, 'public') : undefined,
  );
  const rows = await db
    .select(stationColumns)
    .from(stations)
    .where(and(candidates, match))
    .orderBy(stations.name)
    .limit(300);
  return rows.filter((s) => stationVerdict(facts, s, family) === null).slice(0, 100);
}

export async function userDataView(db: Db, u: User) {
  const row = await db
    .select({ data: userPersonalData, stationName: stations.name })
    .from(userPersonalData)
    .leftJoin(stations, eq(stations.id, userPersonalData.stationId))
    .where(eq(userPersonalData.userId, u.id))
    .get();
  const d = row?.data;
  return {
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    country: d?.country ?? null,
    city: d?.city ?? null,
    district: d?.district ?? null,
    street: d?.street ?? null,
    streetNumber: d?.streetNumber ?? null,
    zip: d?.zip ?? null,
    autoRechargeEnabled: d?.autoRechargeEnabled ?? false,
    stationId: d?.stationId ?? null,
    stationName: row?.stationName ?? null,
    ibanMasked: maskIban(d?.ibanCountry ?? null, d?.ibanLast4 ?? null),
    ibanOwner: u.ibanOwner,
    ssnMasked: maskSecret(u.ssn),
    lang: u.language,
    updatedAt: (d?.updatedAt ?? u.updatedAt)?.toISOString() ?? null,
  };
}

/** Masked IBANs of many users at once, for lists. */
export async function maskedIbans(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: userPersonalData.userId, country: userPersonalData.ibanCountry, last4: userPersonalData.ibanLast4 })
    .from(userPersonalData)
    .where(sql`${userPersonalData.userId} IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`);
  const out = new Map<number, string>();
  for (const r of rows) {
    const m = maskIban(r.country, r.last4);
    if (m) out.set(r.id, m);
  }
  return out;
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/**
 * Checks and writes the sent fields. The answer is the API's error or the new view. The audit row
 * names the fields that changed, never the IBAN or SSN values.
 */
export async function updateUserData(c: Ctx, u: User, body: Body) {
  const db = c.get('db');
  // IBAN: the country's length and mod-97, with a message that says which.
  let iban: { sealed: string; country: string; last4: string } | null | undefined;
  if (body.iban === null || body.iban?.trim() === '') iban = null;
  else if (body.iban !== undefined) {
    const error = ibanError(body.iban);
    if (error) {
      const normalized = normalizeIban(body.iban);
      return {
        error: apiError(c, 400, 'VALIDATION_FAILED', error, {
          field: 'iban',
          params: {
            country: normalized.slice(0, 2),
            length: ibanLengthFor(normalized) ?? 0,
            actual: normalized.length,
          },
        }),
      };
    }
    const normalized = normalizeIban(body.iban);
    iban = {
      sealed: await encryptSecret(normalized, sessionSecret(c.env), ibanContext(u.id)),
      country: normalized.slice(0, 2),
      last4: normalized.slice(-4),
    };
  }
  if (body.stationId !== undefined && body.stationId !== null) {
    const station = await db.select(stationColumns).from(stations).where(eq(stations.id, body.stationId)).get();
    if (!station || !(await mayUseStation(db, u, station)))
      return {
        error: apiError(c, 400, 'VALIDATION_FAILED', 'stationNotAllowed', {
          field: 'stationId',
          params: { id: body.stationId },
        }),
      };
  }

  const userSet: Partial<typeof users.$inferInsert> = {};
  if (body.firstName !== undefined) userSet.firstName = blank(body.firstName);
  if (body.lastName !== undefined) userSet.lastName = blank(body.lastName);
  if (body.ibanOwner !== undefined) userSet.ibanOwner = blank(body.ibanOwner);
  if (body.ssn !== undefined) userSet.ssn = blank(body.ssn);
  if (body.lang !== undefined) userSet.language = body.lang;

  const dataSet: Partial<typeof userPersonalData.$inferInsert> = {};
  for (const key of ['country', 'city', 'district', 'street', 'streetNumber', 'zip'] as const) {
    if (body[key] !== undefined) dataSet[key] = blank(body[key]);
  }
  if (body.autoRechargeEnabled !== undefined) dataSet.autoRechargeEnabled = body.autoRechargeEnabled;
  if (body.stationId !== undefined) dataSet.stationId = body.stationId;
  if (iban !== undefined) {
    dataSet.ibanSealed = iban?.sealed ?? null;
    dataSet.ibanCountry = iban?.country ?? null;
    dataSet.ibanLast4 = iban?.last4 ?? null;
  }

  const now = new Date();
  const changed = Object.keys(body).filter((k) => body[k as keyof Body] !== undefined);
  const { user: actor, company } = authOf(c);
  const stmts = [
    db
      .insert(userPersonalData)
      .values({ userId: u.id, ...dataSet, updatedAt: now })
      .onConflictDoUpdate({ target: userPersonalData.userId, set: { ...dataSet, updatedAt: now } }),
    auditInsert(db, {
      action: actor.id === u.id ? 'user.personal_data.self_update' : 'user.personal_data.update',
      actorUserId: actor.id,
      companyId: company.id,
      entity: 'user',
      entityId: u.id,
      // Field names only: IBAN and SSN values never reach a log.
      detail: { fields: changed },
      ip: clientIp(c),
    }),
  ] as const;
  if (Object.keys(userSet).length > 0) {
    await db.batch([
      db
        .update(users)
        .set({ ...userSet, updatedAt: now })
        .where(eq(users.id, u.id)),
      ...stmts,
    ]);
  } else {
    await db.batch([...stmts]);
  }
  const fresh = await db.select().from(users).where(eq(users.id, u.id)).get();
  return { view: await userDataView(db, fresh ?? u) };
}
