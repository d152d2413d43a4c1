/** @module Answers of a connector group's pages (spec 7.16 `groups/{id}`, its sessions). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { ConnectorRow } from '@api/routes/connectors/list/list.schemas';
import type { chargingSessions } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { GroupListQuery, GroupSchema } from '../groups.schemas';

export const GroupDetailQuery = z.object({ ...pageQueryFields(25), keyword: z.string().trim().max(100).optional() });

export const GroupDetail = z
  .object({
    group: GroupSchema,
    connectors: z.object({
      data: z.array(ConnectorRow),
      total: z.number(),
      page: z.number(),
      items_per_page: z.number(),
    }),
  })
  .openapi('ConnectorGroupDetail');

/** The sessions page query: the list query without keyword. */
export const SessionsQuery = z.object({ ...GroupListQuery.omit({ keyword: true }).shape });

export const GroupSession = z
  .object({
    id: z.number(),
    cdrId: z.string(),
    status: z.enum(['in_progress', 'closed']),
    connectorId: z.number(),
    connectorEvseId: z.string().nullable(),
    stationName: z.string(),
    startAt: z.string(),
    endAt: z.string().nullable(),
    energyWh: z.number().nullable(),
    durationS: z.number().nullable(),
    chargingMinutes: z.number().nullable(),
    authId: z.string(),
    startMethod: z.string(),
    userEmail: z.string().nullable(),
    stopReason: z.string().nullable(),
  })
  .openapi('ConnectorGroupSession');

export const GroupSessionPage = pageOf(GroupSession).openapi('ConnectorGroupSessionPage');

export const GroupTotals = z
  .object({
    connectors: z.number(),
    /** Closed sessions. */
    sessions: z.number(),
    inProgress: z.number(),
    /** Wh of closed sessions. */
    energyWh: z.number(),
    chargingMinutes: z.number(),
    durationS: z.number(),
    firstSessionAt: z.string().nullable(),
    lastSessionAt: z.string().nullable(),
  })
  .openapi('ConnectorGroupTotals');

/** One status's aggregate of the group's sessions (closed, in progress). */
interface StatusTotals {
  status: string;
  n: number;
  energy: number;
  minutes: number;
  duration: number;
  first: number | null;
  last: number | null;
}

/** The totals answer: closed sessions' sums, sessions in progress, first and last start of either. */
export function toTotals(rows: readonly StatusTotals[], connectorCount: number): z.infer<typeof GroupTotals> {
  const closed = rows.find((r) => r.status === 'closed');
  const open = rows.find((r) => r.status === 'in_progress');
  const firsts = rows.map((r) => r.first).filter((d): d is number => d !== null);
  const lasts = rows.map((r) => r.last).filter((d): d is number => d !== null);
  const iso = (ms: number[], pick: (...v: number[]) => number) =>
    ms.length ? new Date(pick(...ms.map(Number))).toISOString() : null;
  return {
    connectors: connectorCount,
    sessions: closed?.n ?? 0,
    inProgress: open?.n ?? 0,
    energyWh: Number(closed?.energy ?? 0),
    chargingMinutes: Number(closed?.minutes ?? 0),
    durationS: Number(closed?.duration ?? 0),
    firstSessionAt: iso(firsts, Math.min),
    lastSessionAt: iso(lasts, Math.max),
  };
}

/** A session row of the group (with its connector and station) as answered. */
export function toGroupSession(row: {
  s: typeof chargingSessions.$inferSelect;
  connectorId: number;
  evseId: string | null;
  stationName: string;
}): z.infer<typeof GroupSession> {
  const { s, connectorId, evseId, stationName } = row;
  return {
    id: s.id,
    cdrId: s.cdrId,
    status: s.status,
    connectorId,
    connectorEvseId: s.connectorEvseId ?? evseId,
    stationName,
    startAt: s.startAt.toISOString(),
    endAt: s.endAt?.toISOString() ?? null,
    energyWh: s.energyWh,
    durationS: s.durationS,
    chargingMinutes: s.chargingMinutes,
    authId: s.authId,
    startMethod: s.startMethod,
    userEmail: s.userEmail,
    stopReason: s.stopReason,
  };
}
