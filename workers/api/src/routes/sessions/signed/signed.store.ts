/**
 * @module The driver's scope of a session's signed meter values (ADR 060); the values themselves are
 * read by drizzle/queries/signed-values.store.ts.
 */

/** Whether session `sessionId` is the driver `userId`'s own. */
export async function isOwnSession(d1: D1Database, userId: number, sessionId: number): Promise<boolean> {
  const row = await d1
    .prepare('SELECT 1 AS own FROM charging_sessions WHERE id = ? AND user_id = ?')
    .bind(sessionId, userId)
    .first<{ own: number }>();
  return row !== null;
}
