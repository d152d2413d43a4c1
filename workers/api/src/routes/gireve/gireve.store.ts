/** @module Reads of the hub (Gireve) API, always within the caller's company scope. */
import type { Db } from '@db/db';
import { ocpiParties, ocpiPeerings, ocpiTokens } from '@db/schema';
import { hubParty } from '@domain/ocpi/hub';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

/** The registered hub peerings of the scope (the partner registered the HUB role), oldest first. */
export async function hubPeerings(db: Db, scope: number[]) {
  const rows = await db
    .select()
    .from(ocpiPeerings)
    .where(and(inArray(ocpiPeerings.companyId, scope), eq(ocpiPeerings.state, 'registered')))
    .orderBy(asc(ocpiPeerings.id))
    .all();
  return rows.filter((p) => hubParty(p.partnerRolesJson) !== null);
}

/** Our CPO parties in the scope. */
export const cpoParties = (db: Db, scope: number[]) =>
  db
    .select()
    .from(ocpiParties)
    .where(and(inArray(ocpiParties.companyId, scope), eq(ocpiParties.role, 'CPO')))
    .orderBy(asc(ocpiParties.id))
    .all();

/** The newest cached token of this uid that came through a peering of the scope. */
export const tokenInScope = (db: Db, scope: number[], uid: string) =>
  db
    .select({ token: ocpiTokens, companyId: ocpiPeerings.companyId, rolesJson: ocpiPeerings.partnerRolesJson })
    .from(ocpiTokens)
    .innerJoin(ocpiPeerings, eq(ocpiPeerings.id, ocpiTokens.peeringId))
    .where(and(eq(ocpiTokens.uid, uid), inArray(ocpiPeerings.companyId, scope)))
    .orderBy(desc(ocpiTokens.lastUpdated), desc(ocpiTokens.id))
    .get();
