/** @module Company tree queries: scope is a company and all its descendants. */
import { type AnyColumn, and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { buildCompanyTree, type TreeOf } from '../../domain/companies/tree';
import type { CompanyKind } from '../../domain/permissions/permissions';
import type { Db } from '../db';
import { companies, companyServiceSettings } from '../schema';

/**
 * `WITH RECURSIVE tree(id)`: the company bound as ?1 and every descendant. For statements that
 * need the scope inside one query (or one batch) instead of a round trip for the ids first.
 */
export const COMPANY_TREE_CTE = `WITH RECURSIVE tree(id) AS (
         SELECT id FROM companies WHERE id = ?1
         UNION SELECT c.id FROM companies c JOIN tree t ON c.parent_company_id = t.id
       )`;

/** The ids of the company `root` selects (one id, or none) and of every descendant, as one statement. */
export function companyTreeIds(root: SQL): SQL {
  return sql`WITH RECURSIVE tree(id) AS (
    SELECT id FROM companies WHERE id = (${root})
    UNION SELECT c.id FROM companies c JOIN tree t ON c.parent_company_id = t.id
  ) SELECT id FROM tree`;
}

/**
 * `column` is one of the company ids: bound as one JSON value, not one parameter per id, so a
 * company tree of any size stays under D1's 100 bound parameters per statement.
 */
export function inCompanies(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** Ids of the company and every descendant, by a recursive query. */
export async function companyScopeIds(db: Db, rootId: number): Promise<number[]> {
  const rows = await db.$client.prepare(`${COMPANY_TREE_CTE} SELECT id FROM tree`).bind(rootId).all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

export async function serviceSettingsOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyServiceSettings.settingId })
    .from(companyServiceSettings)
    .where(eq(companyServiceSettings.companyId, companyId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export function companyKind(c: typeof companies.$inferSelect): CompanyKind {
  return {
    cpms: c.cpms ?? null,
    isSubcpo: c.isSubcpo,
    isLifestyle: c.isLifestyle,
    isEvfleet: c.isEvfleet,
    empServices: c.empServices,
    isTop: c.parentCompanyId === null,
  };
}

interface SwitcherRow {
  id: number;
  name: string;
  parentCompanyId: number | null;
  isClosed: boolean;
}

/**
 * The tree under `rootId` without deleted companies, for the company switcher and children_tree, with
 * each company's closed flag (the pickers of new users and stations leave closed ones out, ADR 050).
 */
export async function companyTree(db: Db, rootId: number): Promise<TreeOf<SwitcherRow> | null> {
  const ids = await companyScopeIds(db, rootId);
  if (ids.length === 0) return null;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      parentCompanyId: companies.parentCompanyId,
      isClosed: companies.isClosed,
    })
    .from(companies)
    // A deleted company (ADR 050) keeps its row for its history but leaves the switcher.
    .where(and(inArray(companies.id, ids), isNull(companies.deletedAt)));
  return buildCompanyTree(rows, rootId);
}

/** The company and every ancestor up to the root, nearest first (parent links; cycles cut). */
export async function companyAncestorIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.$client
    .prepare(
      `WITH RECURSIVE up(id, parent, depth) AS (
         SELECT id, parent_company_id, 0 FROM companies WHERE id = ?1
         UNION SELECT c.id, c.parent_company_id, up.depth + 1 FROM companies c JOIN up ON c.id = up.parent
         WHERE up.depth < 32
       ) SELECT id FROM up ORDER BY depth`,
    )
    .bind(companyId)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}
