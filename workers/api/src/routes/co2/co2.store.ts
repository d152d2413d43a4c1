/**
 * @module Every read and write of CO2 avoided (ADR 053): energy summed in SQL per month, station
 * country, renewable supply and vehicle class (never a row per session), scoped to a company tree;
 * a company's baseline figures; the facts of one session for its detail.
 */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';
import { companies, companyCo2Baselines } from '@db/schema';
import type { EnergyGroup } from '@domain/co2/aggregate';
import { vehicleClassOf } from '@domain/co2/factors';
import type { ReportMonth } from '@domain/co2/periods';
import { and, eq, notInArray } from 'drizzle-orm';

export type Perspective = 'network' | 'fleet';

/** The EU vehicle category of the user's first vehicle (null: none, or a car). */
export const USER_CATEGORY = `(SELECT et.code FROM user_vehicles uv
    JOIN vehicle_models vm ON vm.id = uv.model_id
    LEFT JOIN ehdv_types et ON et.id = vm.ehdv_type_id
   WHERE uv.user_id = s.user_id ORDER BY uv.id LIMIT 1)`;

/** Sessions that delivered energy: closed, not refused, energy above zero. */
export const DELIVERED = `s.status = 'closed' AND s.refused_status IS NULL AND s.cdr_consumed_energy > 0`;

const SCOPE: Record<Perspective, string> = {
  network: '(s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))',
  fleet: 's.user_id IN (SELECT id FROM users WHERE company_id IN (SELECT id FROM tree))',
};

export interface EnergyFilter {
  perspective: Perspective;
  companyId: number;
  months: readonly ReportMonth[];
  groupId?: number;
  userId?: number;
}

export async function energyGroups(db: Db, f: EnergyFilter): Promise<EnergyGroup[]> {
  const first = f.months[0];
  const last = f.months.at(-1);
  if (!first || !last) return [];
  // A company group filter matches the station's groups (network) or the driver's (fleet).
  const grouped = f.perspective === 'network' ? 'st' : 'u';
  const { results } = await db.$client
    .prepare(
      `${COMPANY_TREE_CTE},
       months AS (SELECT json_extract(value, '$.month') AS m, json_extract(value, '$.year') AS y,
                         json_extract(value, '$.start') AS a, json_extract(value, '$.end') AS b
                    FROM json_each(?2))
       SELECT mo.m AS month, mo.y AS year, COALESCE(st.country, '') AS country,
              st.certified_renewable AS renewable, st.renewable_g_per_kwh AS cert,
              ${USER_CATEGORY} AS category, SUM(s.cdr_consumed_energy) AS energy, COUNT(*) AS n
         FROM charging_sessions s
         JOIN months mo ON s.cdr_start >= mo.a AND s.cdr_start < mo.b
         JOIN stations st ON st.id = s.station_id
         LEFT JOIN users u ON u.id = s.user_id
        WHERE ${SCOPE[f.perspective]} AND ${DELIVERED}
          AND s.cdr_start >= ?3 AND s.cdr_start < ?4
          AND (?5 IS NULL OR s.user_id = ?5)
          AND (?6 IS NULL OR ?6 IN (${grouped}.group1_id, ${grouped}.group2_id, ${grouped}.group3_id, ${grouped}.group4_id))
        GROUP BY month, year, country, renewable, cert, category`,
    )
    .bind(f.companyId, JSON.stringify(f.months), first.start, last.end, f.userId ?? null, f.groupId ?? null)
    .all<{
      month: string;
      year: number;
      country: string;
      renewable: number;
      cert: number | null;
      category: string | null;
      energy: number;
      n: number;
    }>();
  return results.map((r) => ({
    key: r.month,
    energyWh: r.energy,
    sessions: r.n,
    country: r.country,
    year: r.year,
    renewable: r.renewable === 1,
    certificateGPerKwh: r.cert,
    vehicleClass: vehicleClassOf(r.category),
  }));
}

/** The company `id` with its time zone, if it is in the caller's scope. */
export async function scopedCompany(db: Db, scope: readonly number[], id: number) {
  if (!scope.includes(id)) return null;
  const row = await db
    .select({ id: companies.id, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, id))
    .get();
  return row ?? null;
}

/** Whether a company group belongs to the company tree. */
export async function groupInTree(db: Db, companyId: number, groupId: number): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `${COMPANY_TREE_CTE} SELECT 1 AS ok FROM company_groups WHERE id = ?2 AND company_id IN (SELECT id FROM tree)`,
    )
    .bind(companyId, groupId)
    .first<{ ok: number }>();
  return row !== null;
}

/** Whether a user belongs to the company tree. */
export async function userInTree(db: Db, companyId: number, userId: number): Promise<boolean> {
  const row = await db.$client
    .prepare(`${COMPANY_TREE_CTE} SELECT 1 AS ok FROM users WHERE id = ?2 AND company_id IN (SELECT id FROM tree)`)
    .bind(companyId, userId)
    .first<{ ok: number }>();
  return row !== null;
}

export function baselinesOf(db: Db, companyId: number) {
  return db.select().from(companyCo2Baselines).where(eq(companyCo2Baselines.companyId, companyId)).all();
}

export interface BaselineRow {
  vehicleClass: (typeof companyCo2Baselines.$inferInsert)['vehicleClass'];
  evKwhPer100Km: number | null;
  iceLitresPer100Km: number | null;
  fuel: 'petrol' | 'diesel' | null;
}

/** Replaces the company's figures: classes sent are upserted, the others removed; with the audit row. */
export async function writeBaselines(db: Db, companyId: number, rows: BaselineRow[], by: number, audit: AuditEntry) {
  const classes = rows.map((r) => r.vehicleClass);
  const keep = classes.length > 0 ? notInArray(companyCo2Baselines.vehicleClass, classes) : undefined;
  await db.batch([
    db.delete(companyCo2Baselines).where(and(eq(companyCo2Baselines.companyId, companyId), keep)),
    ...rows.map((r) =>
      db
        .insert(companyCo2Baselines)
        .values({ companyId, ...r, updatedBy: by, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [companyCo2Baselines.companyId, companyCo2Baselines.vehicleClass],
          set: { ...r, updatedBy: by, updatedAt: new Date() },
        }),
    ),
    auditInsert(db, audit),
  ]);
}
