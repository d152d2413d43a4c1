/** @module What the ChargePoint object's modules share, built once per object life (charge-point.ts). */
import type { Db } from '@db/db';
import type { LiveEvent } from '@domain/live/events';
import type { OcppVersion } from '@domain/ocpp/versions';
import type { FrameLog } from './storage/frame-log';
import type { Store } from './storage/store';

/** Identity, station and address of the connection: read from storage once per object life, set again by each upgrade. */
export interface Registration {
  identity: string | null;
  stationId: number | null;
  ip: string | null;
  /** The OCPP version the connection negotiated (ADR 058). */
  version: OcppVersion;
}

export interface ObjectParts {
  readonly ctx: DurableObjectState;
  readonly env: Env;
  readonly store: Store;
  readonly frames: FrameLog;
  /** Changed in place by the upgrade, so every module sees the current one. */
  readonly registration: Registration;
  /** One drizzle client per object life, not one per frame. */
  db(): Db;
  /** Sends the event to the live-feed rooms after the reply, never delaying the charge point (live-feed.ts). */
  publish(event: LiveEvent): void;
  /** The connection commands go to: the newest accepted socket, when it is still open. */
  newestSocket(): { ws: WebSocket; tag: string } | null;
}

/**
 * The connector a payload is about: its integer `connectorId` (1.6), or in 2.0.1 its EVSE
 * (`evseId`, `evse.id`), which is our connector number (ADR 058); null when it names none.
 */
export function connectorOf(payload: unknown): number | null {
  const p = payload as { connectorId?: unknown; evseId?: unknown; evse?: { id?: unknown } } | null | undefined;
  const id = p?.evseId ?? p?.evse?.id ?? p?.connectorId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
