/**
 * @module The choices of the session filters (issue 24 §6: filters asked for raw ids): stations,
 * company groups (tags), users and corporate groups of the caller's companies, searched by name, or
 * one of them by id for the label of a filter already in the URL. Only reads, always in scope.
 */

import type { Db } from '@db/db';
import { companyGroups, corporateGroups, stations, users } from '@db/schema';
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { OptionKind } from './filter-options.schemas';

const LIMIT = 20;

/** `%keyword%` with LIKE's wildcards taken literally. */
const pattern = (keyword: string) => `%${keyword.replace(/[%_\\]/g, '')}%`;

export async function filterOptions(
  db: Db,
  kind: OptionKind,
  scope: readonly number[],
  q: { keyword?: string | undefined; id?: number | undefined },
): Promise<{ id: number; name: string; detail: string | null }[]> {
  const k = q.keyword ? pattern(q.keyword) : null;
  const ids = [...scope];
  switch (kind) {
    case 'station': {
      const where: (SQL | undefined)[] = [
        or(inArray(stations.companyId, ids), inArray(stations.ownerCompanyId, ids)),
        q.id ? eq(stations.id, q.id) : undefined,
        k ? or(like(stations.name, k), like(stations.uid, k), like(stations.city, k)) : undefined,
      ];
      const rows = await db
        .select({ id: stations.id, name: stations.name, uid: stations.uid, city: stations.city })
        .from(stations)
        .where(and(...where))
        .orderBy(asc(stations.name))
        .limit(LIMIT);
      return rows.map((r) => ({ id: r.id, name: r.name, detail: [r.uid, r.city].filter(Boolean).join(' · ') || null }));
    }
    case 'group': {
      const rows = await db
        .select({ id: companyGroups.id, name: companyGroups.name, level: companyGroups.level })
        .from(companyGroups)
        .where(
          and(
            inArray(companyGroups.companyId, ids),
            q.id ? eq(companyGroups.id, q.id) : undefined,
            k ? like(companyGroups.name, k) : undefined,
          ),
        )
        .orderBy(asc(companyGroups.name))
        .limit(LIMIT);
      return rows.map((r) => ({ id: r.id, name: r.name, detail: `L${r.level}` }));
    }
    case 'user': {
      const rows = await db
        .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
        .from(users)
        .where(
          and(
            inArray(users.companyId, ids),
            eq(users.status, 'active'),
            q.id ? eq(users.id, q.id) : undefined,
            k ? or(like(users.email, k), like(users.firstName, k), like(users.lastName, k)) : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(LIMIT);
      return rows.map((r) => {
        const name = [r.first, r.last].filter(Boolean).join(' ');
        return { id: r.id, name: name || r.email, detail: name ? r.email : null };
      });
    }
    case 'corporate_group': {
      const rows = await db
        .select({ id: corporateGroups.id, name: corporateGroups.name })
        .from(corporateGroups)
        .where(
          and(
            inArray(corporateGroups.companyId, ids),
            q.id ? eq(corporateGroups.id, q.id) : undefined,
            k ? like(corporateGroups.name, k) : undefined,
          ),
        )
        .orderBy(asc(corporateGroups.name))
        .limit(LIMIT);
      return rows.map((r) => ({ id: r.id, name: r.name, detail: null }));
    }
  }
}
