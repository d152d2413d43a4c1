/**
 * @module Reads and writes of the hub specifics (migration 0067): the parties behind a hub peering as its
 * HubClientInfo pushes them (idempotent by `last_updated`), and our own party of a role.
 */
import type { Db } from '@db/db';
import { ocpiHubClients, ocpiParties } from '@db/schema';
import type { ClientInfo } from '@domain/ocpi/hub';
import { ocpiTime } from '@domain/ocpi/tokens';
import type { PartyRef } from '@domain/ocpi/transport';
import { and, asc, eq, sql } from 'drizzle-orm';

export type HubClientRow = typeof ocpiHubClients.$inferSelect;

export const hubClientsOf = (db: Db, peeringId: number) =>
  db.select().from(ocpiHubClients).where(eq(ocpiHubClients.peeringId, peeringId)).orderBy(asc(ocpiHubClients.id)).all();

/** The hub's ClientInfo objects of one party (any role). */
export const hubClientsOfParty = (db: Db, peeringId: number, party: PartyRef) =>
  db
    .select()
    .from(ocpiHubClients)
    .where(
      and(
        eq(ocpiHubClients.peeringId, peeringId),
        eq(ocpiHubClients.countryCode, party.countryCode),
        eq(ocpiHubClients.partyId, party.partyId),
      ),
    )
    .orderBy(asc(ocpiHubClients.id))
    .all();

/** Stores a ClientInfo; a late or duplicated one (not newer by last_updated) changes nothing. */
export async function upsertHubClient(db: Db, peeringId: number, info: ClientInfo) {
  const lastUpdated = new Date(Math.min(ocpiTime(info.last_updated), Date.now() + 5 * 60_000));
  await db
    .insert(ocpiHubClients)
    .values({
      peeringId,
      countryCode: info.country_code.toUpperCase(),
      partyId: info.party_id.toUpperCase(),
      role: info.role,
      status: info.status,
      lastUpdated,
    })
    .onConflictDoUpdate({
      target: [ocpiHubClients.peeringId, ocpiHubClients.countryCode, ocpiHubClients.partyId, ocpiHubClients.role],
      set: { status: info.status, lastUpdated },
      setWhere: sql`excluded.last_updated > ${ocpiHubClients.lastUpdated}`,
    });
}

/** Our party of this role in the operator's company (the first registered), as the hub knows it. */
export async function ourParty(db: Db, companyId: number, role: 'CPO' | 'EMSP'): Promise<PartyRef | null> {
  const row = await db
    .select({ countryCode: ocpiParties.countryCode, partyId: ocpiParties.partyId })
    .from(ocpiParties)
    .where(and(eq(ocpiParties.companyId, companyId), eq(ocpiParties.role, role)))
    .orderBy(asc(ocpiParties.id))
    .get();
  return row ? { countryCode: row.countryCode.toUpperCase(), partyId: row.partyId.toUpperCase() } : null;
}
