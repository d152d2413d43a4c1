/**
 * @module The key hanger import's reads and its one write (keyfobs.import.ts decides): which UUIDs
 * are taken platform-wide, which e-mails name active users of the scope, and every card of an import
 * with its audit rows in one D1 batch.
 */

import type { Db } from '@db/db';
import { rfids, users } from '@db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';

/** The UUIDs among these that a card of any company already holds. */
export async function takenUuids(db: Db, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db.select({ uuid: rfids.uuid }).from(rfids).where(inArray(rfids.uuid, uuids));
  return new Set(rows.map((r) => r.uuid));
}

/** Active users of the scope with these (lower-case) e-mails. */
export function scopedUsersByEmail(db: Db, scope: number[], emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(inArray(users.companyId, scope), eq(users.status, 'active'), inArray(sql`lower(${users.email})`, emails)),
    );
}

export interface ImportCard {
  uuid: string;
  code: string;
  type: string;
  parent_id_tag: string | null;
  /** Epoch milliseconds. */
  expires_at: number | null;
  user_id: number | null;
}

/** Rows per insert statement (one JSON parameter each, well under D1's value size limit). */
const APPLY_CHUNK = 500;
const j = (field: string) => `json_extract(j.value, '$.${field}')`;

/**
 * Every card of an import in one D1 batch, a transaction: a UUID taken meanwhile (the unique index)
 * leaves nothing behind. Each card gets its `rfid.create` audit row, and the import one row more.
 */
export async function applyImport(
  d1: D1Database,
  cards: ImportCard[],
  by: { companyId: number; actorUserId: number; ip: string | null },
) {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < cards.length; i += APPLY_CHUNK) {
    const payload = JSON.stringify(cards.slice(i, i + APPLY_CHUNK));
    statements.push(
      d1
        .prepare(
          `INSERT INTO rfids (company_id, key_hanger_code, uuid, type, parent_id_tag, expires_at, user_id)
           SELECT ?1, ${j('code')}, ${j('uuid')}, ${j('type')}, ${j('parent_id_tag')}, ${j('expires_at')}, ${j('user_id')}
           FROM json_each(?2) j`,
        )
        .bind(by.companyId, payload),
      d1
        .prepare(
          `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
           SELECT ?1, ?2, 'rfid.create', 'rfid', CAST(r.id AS TEXT),
             json_object('code', r.key_hanger_code, 'uuid', r.uuid, 'userId', r.user_id, 'import', 1), ?3
           FROM json_each(?4) j JOIN rfids r ON r.uuid = ${j('uuid')}`,
        )
        .bind(by.actorUserId, by.companyId, by.ip, payload),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, detail_json, ip)
         VALUES (?1, ?2, 'rfid.import', 'rfid', ?3, ?4)`,
      )
      .bind(
        by.actorUserId,
        by.companyId,
        JSON.stringify({ rows: cards.length, assigned: cards.filter((c) => c.user_id !== null).length }),
        by.ip,
      ),
  );
  await d1.batch(statements);
}
