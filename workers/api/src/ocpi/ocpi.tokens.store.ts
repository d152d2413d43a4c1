/**
 * @module The partners' tokens we cache as CPO (`ocpi_tokens`, migration 0055): written by the tokens
 * receiver, idempotent by `last_updated` (one statement: a late or duplicated PUT never overwrites a
 * newer row), read by the real-time authorization at our stations.
 */
import type { Db } from '@db/db';
import { ocpiTokens } from '@db/schema';
import { ocpiTimestamp } from '@domain/ocpi/status';
import type { Token } from '@domain/ocpi/tokens';
import { ocpiTime } from '@domain/ocpi/tokens';
import { and, eq, sql } from 'drizzle-orm';

export type TokenRow = typeof ocpiTokens.$inferSelect;
export interface TokenKey {
  peeringId: number;
  countryCode: string;
  partyId: string;
  uid: string;
  type: string;
}

export const tokenByKey = (db: Db, key: TokenKey) =>
  db
    .select()
    .from(ocpiTokens)
    .where(
      and(
        eq(ocpiTokens.peeringId, key.peeringId),
        eq(ocpiTokens.countryCode, key.countryCode),
        eq(ocpiTokens.partyId, key.partyId),
        eq(ocpiTokens.uid, key.uid),
        eq(ocpiTokens.type, key.type),
      ),
    )
    .get();

/** How far ahead of our clock a partner's `last_updated` may be (clock skew) before it is clamped. */
export const TOKEN_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The row of a token object (country code and party id upper-cased: CiString is case-insensitive).
 * `last_updated` is clamped to now + TOKEN_CLOCK_SKEW_MS: a partner's date in the future never makes its
 * row win over later updates.
 */
export function rowOfToken(peeringId: number, t: Token, now = Date.now()): typeof ocpiTokens.$inferInsert {
  return {
    peeringId,
    countryCode: t.country_code.toUpperCase(),
    partyId: t.party_id.toUpperCase(),
    uid: t.uid,
    type: t.type,
    contractId: t.contract_id,
    visualNumber: t.visual_number ?? null,
    issuer: t.issuer,
    groupId: t.group_id ?? null,
    valid: t.valid,
    whitelist: t.whitelist,
    language: t.language ?? null,
    defaultProfileType: t.default_profile_type ?? null,
    energyContractJson: t.energy_contract ? JSON.stringify(t.energy_contract) : null,
    lastUpdated: new Date(Math.min(ocpiTime(t.last_updated), now + TOKEN_CLOCK_SKEW_MS)),
  };
}

export function tokenOfRow(r: TokenRow): Token {
  return {
    country_code: r.countryCode,
    party_id: r.partyId,
    uid: r.uid,
    type: r.type as Token['type'],
    contract_id: r.contractId,
    ...(r.visualNumber !== null ? { visual_number: r.visualNumber } : {}),
    issuer: r.issuer,
    ...(r.groupId !== null ? { group_id: r.groupId } : {}),
    valid: r.valid,
    whitelist: r.whitelist as Token['whitelist'],
    ...(r.language !== null ? { language: r.language } : {}),
    ...(r.defaultProfileType !== null
      ? { default_profile_type: r.defaultProfileType as NonNullable<Token['default_profile_type']> }
      : {}),
    ...(r.energyContractJson !== null
      ? { energy_contract: JSON.parse(r.energyContractJson) as NonNullable<Token['energy_contract']> }
      : {}),
    last_updated: ocpiTimestamp(r.lastUpdated),
  };
}

/**
 * Stores a token unless we hold one of the same identity with a `last_updated` as new or newer (one
 * statement, so two racing PUTs keep the newest). True when it was written.
 */
export async function upsertToken(db: Db, row: typeof ocpiTokens.$inferInsert): Promise<boolean> {
  const written = await upsertStatement(db, row).all();
  return written.length === 1;
}

/** Stores many tokens (one page of a pull) in one batch, each as `upsertToken` would. */
export async function upsertTokens(db: Db, rows: readonly (typeof ocpiTokens.$inferInsert)[]) {
  const [first, ...rest] = rows.map((row) => upsertStatement(db, row));
  if (first) await db.batch([first, ...rest]);
}

function upsertStatement(db: Db, row: typeof ocpiTokens.$inferInsert) {
  const { peeringId, countryCode, partyId, uid, type, ...rest } = row;
  return db
    .insert(ocpiTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [ocpiTokens.peeringId, ocpiTokens.countryCode, ocpiTokens.partyId, ocpiTokens.uid, ocpiTokens.type],
      set: rest,
      setWhere: sql`excluded.last_updated > ${ocpiTokens.lastUpdated}`,
    })
    .returning({ id: ocpiTokens.id });
}

/**
 * The cached token presented at a station: a token of a registered peering of the station's operator
 * (the company that runs the station) to which the station is bound (`station_peerings`: published to
 * that partner), matched by uid; the newest if several share the uid. A partner can never put a card
 * at a station it was not given. Read only for a card that is none of ours.
 */
export async function cachedTokenAt(db: Db, uid: string, stationId: number) {
  return db.$client
    .prepare(
      `SELECT t.peering_id, t.country_code, t.party_id, t.uid, t.type, t.valid, t.whitelist, t.last_updated,
         s.uid AS station_uid
       FROM ocpi_tokens t
         JOIN ocpi_peerings p ON p.id = t.peering_id AND p.state = 'registered'
         JOIN stations s ON s.id = ?2 AND p.company_id = s.company_id
       WHERE t.uid IN (?1, upper(?1))
         AND EXISTS (SELECT 1 FROM station_peerings sp WHERE sp.station_id = s.id AND sp.peering_id = t.peering_id)
       ORDER BY t.last_updated DESC LIMIT 1`,
    )
    .bind(uid.trim(), stationId)
    .first<{
      peering_id: number;
      country_code: string;
      party_id: string;
      uid: string;
      type: string;
      valid: number;
      whitelist: string;
      last_updated: number;
      station_uid: string;
    }>();
}

export type CachedTokenRow = NonNullable<Awaited<ReturnType<typeof cachedTokenAt>>>;
