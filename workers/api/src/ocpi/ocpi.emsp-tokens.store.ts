/**
 * @module Reads and writes of the tokens sender as e-mobility provider (ADR 057 addendum "EMSP: tokens
 * and commands"): our cards published to a peering (rfids.peering), with their issuer and whether the
 * driver's customer group hides roaming; the real-time authorizations we answered; our EMSP party; our
 * authorization decision for a card at a partner's location (`decideForPartner`).
 */
import type { Db } from '@db/db';
import { type StationRow, userOf } from '@db/queries/authorization.rows';
import { AUTHORIZATION_SQL, decideFrom, decisionParams, factsOfRow } from '@db/queries/authorization.store';
import { companies, customerGroupMembers, customerGroups, ocpiEmspAuthorizations, rfids } from '@db/schema';
import { cardVerdict } from '@domain/charging-authorization/decide';
import { allowedOf, type EmspParty, type PublishedCard } from '@domain/ocpi/emsp-tokens';
import { and, asc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { partiesOf } from './ocpi.store';

/** A card's last change as a token (the SQL of `cardLastUpdated`). */
const LAST_UPDATED = sql<number>`max(${rfids.createdAt}, coalesce(${rfids.updatedAt}, 0), coalesce(${rfids.blockedAt}, 0), coalesce(${rfids.unlinkedAt}, 0))`;

const CARD_COLUMNS = {
  id: rfids.id,
  uuid: rfids.uuid,
  keyHangerCode: rfids.keyHangerCode,
  parentIdTag: rfids.parentIdTag,
  status: rfids.status,
  userId: rfids.userId,
  peering: rfids.peering,
  createdAt: rfids.createdAt,
  updatedAt: rfids.updatedAt,
  blockedAt: rfids.blockedAt,
  unlinkedAt: rfids.unlinkedAt,
  companyName: companies.name,
  hideRoaming: sql<number>`coalesce(${customerGroups.hideRoaming}, 0)`,
};

function cards(db: Db, where: SQL | undefined) {
  return db
    .select(CARD_COLUMNS)
    .from(rfids)
    .innerJoin(companies, eq(companies.id, rfids.companyId))
    .leftJoin(customerGroupMembers, eq(customerGroupMembers.userId, rfids.userId))
    .leftJoin(
      customerGroups,
      and(eq(customerGroups.id, customerGroupMembers.customerGroupId), isNull(customerGroups.deletedAt)),
    )
    .where(where);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['all']>>[number];
const cardOf = (r: CardRow): PublishedCard => ({ ...r, hideRoaming: Number(r.hideRoaming) === 1 });

/** One card by id (any peering: a push tells the peering it left that it is no longer valid there). */
export async function cardById(db: Db, id: number): Promise<PublishedCard | null> {
  const row = await cards(db, eq(rfids.id, id)).get();
  return row ? cardOf(row) : null;
}

/** The card published to the peering under this uid (stored upper-case), or null. */
export async function publishedCardByUid(db: Db, peeringId: number, uid: string): Promise<PublishedCard | null> {
  const row = await cards(
    db,
    and(eq(rfids.uuid, uid.trim().toUpperCase()), eq(rfids.peering, String(peeringId))),
  ).get();
  return row ? cardOf(row) : null;
}

/** One page of the cards published to the peering, by last change then id, with the total. */
export async function publishedCardsPage(
  db: Db,
  peeringId: number,
  filter: { from?: Date | undefined; to?: Date | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: PublishedCard[]; total: number }> {
  const where = and(
    eq(rfids.peering, String(peeringId)),
    filter.from ? gte(LAST_UPDATED, filter.from.getTime()) : undefined,
    // date_to is exclusive (mod_tokens: "Only return Tokens that have last_updated up to this Date/Time").
    filter.to ? lte(LAST_UPDATED, filter.to.getTime() - 1) : undefined,
  );
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(rfids).where(where).get(),
    cards(db, where).orderBy(asc(LAST_UPDATED), asc(rfids.id)).limit(page.limit).offset(page.offset).all(),
  ]);
  return { rows: rows.map(cardOf), total: counted?.n ?? 0 };
}

/** Our EMSP party of the company (made at the first handshake), or null. */
export async function emspPartyOf(db: Db, companyId: number): Promise<EmspParty | null> {
  const party = (await partiesOf(db, companyId)).find((p) => p.role === 'EMSP');
  return party ? { countryCode: party.countryCode, partyId: party.partyId } : null;
}

export async function recordAuthorization(db: Db, values: typeof ocpiEmspAuthorizations.$inferInsert) {
  await db.insert(ocpiEmspAuthorizations).values(values);
}

/** A partner's CPO presents no station of ours: our decision as at any public station, nothing concurrent allowed. */
const PARTNER_STATION: StationRow = {
  id: 0,
  type: 'public',
  company_id: 0,
  owner_company_id: null,
  country: null,
  time_zone: 'UTC',
};

/**
 * Our authorization decision for a card at a partner's location: the statement our stations use (no
 * station row: station id 0, so a session of the card in progress anywhere is concurrent), decided as at
 * a public station of another operator.
 */
export async function decideForPartner(db: Db, uid: string, at: Date) {
  const input = { idTag: uid, stationId: 0, at };
  const row = await db.$client
    .prepare(AUTHORIZATION_SQL)
    .bind(...decisionParams(input))
    .first<NonNullable<Parameters<typeof factsOfRow>[0]>>();
  const facts = factsOfRow(row ?? undefined);
  const decision = await decideFrom(db, input, { ...facts, station: row ? PARTNER_STATION : undefined });
  const card = row
    ? {
        id: row.card_id,
        status: row.card_status,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
        userId: row.card_user_id,
      }
    : null;
  const cardRefused = cardVerdict(card, row ? userOf(row) : null, at)?.status === 'Blocked';
  return { decision, allowed: allowedOf(decision, cardRefused) };
}
