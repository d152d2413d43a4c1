/**
 * @module The ChargePoint object's events to the back office's live feed: sent after the reply,
 * never delaying the charge point, to the rooms of every company whose tree holds the station.
 */

import type { openDb } from '@db/db';
import { liveFeedCompanies } from '@db/queries/stations.store';
import { companyRoom, type LiveEvent } from '@domain/live/events';

/**
 * The companies whose live-feed rooms hear a station (its company, its owner and their parents), per
 * station for the whole isolate and for ROOM_COMPANIES_TTL_MS: a station moved to another company is
 * heard in its new rooms within that time.
 */
const ROOM_COMPANIES_TTL_MS = 5 * 60_000;
// Values only, never a pending promise: a promise of one object's I/O must not be awaited by another.
const roomCompaniesCache = new Map<number, { ids: number[]; at: number }>();

async function roomCompanies(db: ReturnType<typeof openDb>, stationId: number): Promise<number[]> {
  const hit = roomCompaniesCache.get(stationId);
  if (hit && Date.now() - hit.at < ROOM_COMPANIES_TTL_MS) return hit.ids;
  const ids = await liveFeedCompanies(db, stationId);
  roomCompaniesCache.set(stationId, { ids, at: Date.now() });
  return ids;
}

export class LiveFeedPublisher {
  /** Rooms this station's events go to, looked up once per object life. */
  private rooms: Promise<{ publish(event: LiveEvent): Promise<unknown> }[]> | null = null;

  constructor(
    /** The web worker's room namespace (binding `LiveFeed`); absent in the ocpp worker's own tests. */
    private readonly namespace: Env['LiveFeed'] | undefined,
    private readonly db: () => ReturnType<typeof openDb>,
    private readonly waitUntil: (p: Promise<unknown>) => void,
  ) {}

  /** Sends the event to the station's rooms after the reply; where there are no rooms nothing is published. */
  publish(stationId: number | null, event: LiveEvent): void {
    const rooms = this.namespace;
    if (!rooms || stationId === null) return;
    // Stubs once per object life, the companies from the isolate-wide cache: an object woken from
    // hibernation for one Heartbeat pays neither a D1 query nor partyserver's setName RPC (which
    // `getServerByName` makes on every call, and `publish` does not need: it reads no name).
    this.rooms ??= roomCompanies(this.db(), stationId).then((ids) =>
      ids.map((id) => rooms.get(rooms.idFromName(companyRoom(id)))),
    );
    const delivery = this.rooms.then((stubs) => Promise.all(stubs.map((stub) => stub.publish(event))));
    this.waitUntil(
      delivery.then(
        () => undefined,
        (error: unknown) => {
          this.rooms = null;
          roomCompaniesCache.delete(stationId);
          console.warn('live feed publish failed', error);
        },
      ),
    );
  }
}
