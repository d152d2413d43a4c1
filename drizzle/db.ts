/** @module Opens drizzle over a D1 binding. */
import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/**
 * One drizzle client per binding object, reused: building one walks the whole schema for the
 * relational queries (about 1 ms), which a Durable Object woken per message would pay per message.
 * The client holds nothing but the binding, so sharing it between requests is safe.
 */
const opened = new WeakMap<D1Database, ReturnType<typeof open>>();

function open(d1: D1Database) {
  return drizzle(d1, { schema });
}

export function openDb(d1: D1Database) {
  let db = opened.get(d1);
  if (db === undefined) {
    db = open(d1);
    opened.set(d1, db);
  }
  return db;
}
export type Db = ReturnType<typeof openDb>;
export { schema };
