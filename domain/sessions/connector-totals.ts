/**
 * @module The totals of one connector's sessions (spec 7.18 `connectors/{id}/total-local-stats`) from
 * its sessions grouped by status: closed sessions count, open ones are only counted, first and last
 * start over both.
 */

/** One status group of a connector's sessions, as the store sums it. */
export interface SessionStatusGroup {
  status: string;
  n: number;
  /** Sums come back from SQL as text or null. */
  energy: string | number | null;
  minutes: string | number | null;
  duration: string | number | null;
  first: Date | null;
  last: Date | null;
}

export interface ConnectorTotals {
  sessions: number;
  inProgress: number;
  energyWh: number;
  chargingMinutes: number;
  durationS: number;
  firstSessionAt: Date | null;
  lastSessionAt: Date | null;
}

const times = (dates: (Date | null)[]) => dates.filter((d): d is Date => d !== null).map((d) => d.getTime());

export function connectorTotals(groups: readonly SessionStatusGroup[]): ConnectorTotals {
  const closed = groups.find((g) => g.status === 'closed');
  const open = groups.find((g) => g.status === 'in_progress');
  const firsts = times(groups.map((g) => g.first));
  const lasts = times(groups.map((g) => g.last));
  return {
    sessions: closed?.n ?? 0,
    inProgress: open?.n ?? 0,
    energyWh: Number(closed?.energy ?? 0),
    chargingMinutes: Number(closed?.minutes ?? 0),
    durationS: Number(closed?.duration ?? 0),
    firstSessionAt: firsts.length ? new Date(Math.min(...firsts)) : null,
    lastSessionAt: lasts.length ? new Date(Math.max(...lasts)) : null,
  };
}
