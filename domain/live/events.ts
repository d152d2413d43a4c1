/** @module Events pushed to the browser's live feed: one room per company, named `company-{id}`. */
import type { ConnectorStatus } from '../stations/statuses';

export type LiveEvent =
  | {
      type: 'connector-status';
      stationUid: string;
      /** The OCPP connector number on the station. */
      connectorNumber: number;
      status: ConnectorStatus;
      errorCode: string | null;
      at: string;
    }
  | { type: 'station-online'; stationUid: string; online: boolean; at: string }
  | { type: 'heartbeat'; stationUid: string; at: string }
  | { type: 'session'; stationUid: string; sessionId: number; state: 'started' | 'stopped'; at: string };

export const LIVE_FEED_PARTY = 'live-feed';

export function companyRoom(companyId: number): string {
  return `company-${companyId}`;
}

/** The company id of a room name, or null when the name is not a company room. */
export function roomCompanyId(room: string): number | null {
  const match = /^company-(\d{1,12})$/.exec(room);
  return match ? Number(match[1]) : null;
}
