/** @module Column helpers shared by the schema files. */
import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** UTC instant stored as milliseconds since the epoch. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () => timestamp('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`);
export const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);
/** The `created` second of the last Stripe event applied to a mirrored row: an older event never overwrites it. */
export const stripeEventAt = () => integer('stripe_event_at').notNull().default(0);
