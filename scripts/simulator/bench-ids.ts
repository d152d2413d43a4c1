/** @module Charge point ids of the benchmark's stations, shared by the seed script and the load. */
export const benchId = (i: number) => `BENCH-${String(i + 1).padStart(5, '0')}`;

/**
 * The RFID card of charge point i's driver (--in-transaction): a fleet user with limits, in kWh for
 * even i and in the company currency for odd i (ADR 020, 028), large enough never to be reached.
 */
export const benchIdTag = (i: number) => `BENCHTAG${String(i + 1).padStart(5, '0')}`;

/** The shard (0 … shards-1) that serves a charge point: FNV-1a of its id, so it depends on the id only. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % shards;
}
