/** @module What every inbound handler may use: the object's storage, D1, configuration and the clock. */

import type { Db } from '@db/db';
import type { LiveEvent } from '@domain/live/events';
import type { OcppVersion } from '@domain/ocpp/versions';
import type { InboundAction, InboundReplies, InboundRequests } from './ocpp-types';
import type { InboundAction201, Replies201, Requests201 } from './ocpp201-types';
import type { Store } from './storage/store';
import type { CommandResult } from './transport/outbound';

export interface HandlerContext {
  store: Store;
  db: Db;
  env: Env;
  /** The charge point identity (the last path segment of /ocpp/{id}). */
  identity: string;
  /** The version the connection negotiated (ADR 058): which handler map and schemas apply. */
  version: OcppVersion;
  /** D1 stations.id, known from the authenticated upgrade. */
  stationId: number;
  /** The address the charge point connected from, when the edge told us. */
  ip: string | null;
  now: Date;
  /** Pushes an event to the live feed of every company whose tree holds this station; never waits. */
  publish: (event: LiveEvent) => void;
  /** Runs `task` once the reply to the current CALL has been sent (kept alive with waitUntil). */
  afterReply: (task: () => Promise<void>) => void;
  /** Sends a CALL to this charge point through the object's outbox (one outstanding CALL at a time). */
  sendCommand: (action: string, payload: unknown, timeoutMs: number) => Promise<CommandResult>;
  /** Makes sure the object's alarm fires by `at`; stored before the reply goes out. */
  wakeAt: (at: number) => Promise<void>;
  /** Sends an issued certificate's CertificateSigned and records the answer (certificates/delivery.ts). */
  deliverCertificate: (serial: string) => Promise<void>;
}

export type Handler<A extends InboundAction> = (
  ctx: HandlerContext,
  payload: InboundRequests[A],
) => Promise<InboundReplies[A]> | InboundReplies[A];

export type HandlerMap = { [A in InboundAction]: Handler<A> };

/** An OCPP 2.0.1 handler (handlers/v201/): the same context, the 2.0.1 payloads. */
export type Handler201<A extends InboundAction201> = (
  ctx: HandlerContext,
  payload: Requests201[A],
) => Promise<Replies201[A]> | Replies201[A];

export type HandlerMap201 = { [A in InboundAction201]: Handler201<A> };
