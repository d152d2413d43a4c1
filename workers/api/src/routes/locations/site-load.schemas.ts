/** @module Schemas of a location's site load limit (ADR 059: `location/{uid}/load`). */
import { z } from '@hono/zod-openapi';

const amps = z.number().min(0).max(1000);

/** PUT `location/{uid}/load`: the whole limit (a PUT replaces it). */
export const SiteLoadBody = z
  .strictObject({
    enabled: z.boolean().default(true),
    unit: z.enum(['A', 'kW']),
    /** The limit outside the schedule's periods: ampere per phase, or kW for the whole connection. */
    limit: z.number().positive().max(100_000),
    phases: z.union([z.literal(1), z.literal(3)]).default(3),
    voltage: z.number().int().min(100).max(400).default(230),
    min_current_a: amps.default(6),
    schedule: z
      .array(z.strictObject({ from: z.string().trim().max(5), limit: z.number().min(0).max(100_000) }))
      .max(48)
      .default([]),
    /** Connector uid → its own minimum (A). */
    connector_minimums: z.record(z.string().trim().min(1).max(64), amps).default({}),
    /** Customer group id → priority (weight of its share; 1 is normal). */
    group_priorities: z
      .record(z.string().regex(/^\d{1,10}$/, 'A customer group id'), z.number().int().min(1).max(10))
      .default({}),
  })
  .openapi('SiteLoadWrite');

export const SiteLoadSession = z
  .object({
    stationUid: z.string(),
    connectorId: z.number(),
    connectorUid: z.string().nullable(),
    transactionId: z.number(),
    startedAt: z.number(),
    priority: z.number(),
    minA: z.number(),
    maxA: z.number(),
    drawA: z.number().nullable(),
    drawAt: z.number().nullable(),
    targetA: z.number().nullable(),
    limitA: z.number().nullable(),
  })
  .openapi('SiteLoadSession');

export const SiteLoadSchema = z
  .object({
    locationUid: z.string(),
    /** False: the location has no limit (the fields below are the defaults a new one starts from). */
    configured: z.boolean(),
    enabled: z.boolean(),
    unit: z.enum(['A', 'kW']),
    limit: z.number(),
    phases: z.number(),
    voltage: z.number(),
    minCurrentA: z.number(),
    schedule: z.array(z.object({ from: z.string(), limit: z.number() })),
    connectorMinimums: z.record(z.string(), z.number()),
    groupPriorities: z.record(z.string(), z.number()),
    updatedAt: z.string().nullable(),
    /** The limit in force now, ampere per phase (the schedule applied, kW turned into A). */
    limitNowA: z.number().nullable(),
    /** The sessions sharing it, as the site's object holds them; null when it could not be asked. */
    sessions: z.array(SiteLoadSession).nullable(),
  })
  .openapi('SiteLoad');
