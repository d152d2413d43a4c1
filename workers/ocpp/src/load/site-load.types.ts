/** @module What the SiteLoad object (site-load.ts, ADR 059) takes and answers over RPC. */

export interface LoadSessionStart {
  locationId: number;
  stationUid: string;
  stationId: number;
  connectorId: number;
  transactionId: number;
  startedAt: number;
}

export interface LoadSessionRef {
  locationId: number;
  stationUid: string;
  transactionId: number;
}

export interface SiteAllocation {
  locationId: number | null;
  enabled: boolean;
  /** A recomputation is running (limits are being sent). */
  busy: boolean;
  /** The limit in force now, ampere per phase (null: no limit configured). */
  limitA: number | null;
  sessions: {
    stationUid: string;
    connectorId: number;
    connectorUid: string | null;
    transactionId: number;
    startedAt: number;
    priority: number;
    minA: number;
    maxA: number;
    drawA: number | null;
    drawAt: number | null;
    /** What the share is now, and what may be in force at the station (null: nothing sent yet). */
    targetA: number | null;
    limitA: number | null;
  }[];
}
