/**
 * @module Every value the ChargePoint object keeps in its `kv` table, by name and type: the one list
 * of its state. `Store.get` and `Store.put` accept only these names and values, so a misspelt key or a
 * value of the wrong shape does not compile.
 */

import type { OcppVersion } from '@domain/ocpp/versions';
import type { IssuedRecord } from '../certificates/issued';
import type { ProgressReport } from '../handlers/notifications';
import type { CsrReport } from '../handlers/sign-certificate';
import type { InboundRequests } from '../ocpp-types';
import type { Transaction201 } from '../ocpp201-types';

/** The last BootNotification as received, with when and how it was answered. */
export type BootState = InboundRequests['BootNotification'] & { at: string; status: string };

/** A RemoteStartTransaction that went out, waiting for the StartTransaction it causes (handlers/remote-start.ts). */
export interface RemoteStart {
  messageId: string;
  idTag: string;
  connectorId: number | null;
  at: number;
}

export interface ObjectState {
  /** The charge point identity and D1 station id, set at the authenticated upgrade. */
  identity: string;
  stationId: number;
  /** The address the charge point connected from, when the edge told us. */
  ip: string | null;
  /** The OCPP version the newest connection negotiated (ADR 058). */
  ocppVersion: OcppVersion;
  /** OCPP 2.0.1 transactions by the station's transactionId, the latest 50 (handlers/v201/transaction-event.ts). */
  transactions201: Record<string, Transaction201>;
  /** OCPP 2.0.1 reports and notices of blocks B, K, N, O (handlers/v201/reports.ts). */
  reports201: import('../ocpp201-reports-types').Reports201;
  /** The tag of the newest socket: commands go there. */
  socket: string;
  /** When the newest connection was accepted (ISO); later frames are read from the frame log. */
  lastSeen: string;
  /** Marked offline by the heartbeat timeout. */
  timedOut: boolean;
  disconnectedAt: string;
  boot: BootState;
  /** Seconds answered in BootNotification or set by an accepted ChangeConfiguration. */
  heartbeatInterval: number;
  /** When last seen was last written to D1 (ms), and the heartbeat time kept with it (ISO). */
  d1SeenAt: number;
  lastHeartbeat: string;
  /** The earliest due time of the alarm's duties other than the heartbeat timeout (ms), or 'none'. */
  dutyDue: number | 'none';
  diagnosticsStatus: ProgressReport;
  firmwareStatus: ProgressReport;
  logStatus: ProgressReport;
  lastSecurityEvent: InboundRequests['SecurityEventNotification'] & { receivedAt: string };
  lastDataTransfer: InboundRequests['DataTransfer'] & { receivedAt: string };
  lastCsr: CsrReport;
  /** The reservations made on this charge point and what became of them (handlers/reservations.ts). */
  reservations: import('../handlers/reservations').Reservation[];
  remoteStarts: RemoteStart[];
  /** TxProfiles an operator set for transactions, which the site limit never exceeds (load/operator-profiles.ts). */
  operatorTxProfiles: import('../load/operator-profiles').OperatorTxLimit[];
  /** Open transactions a roaming partner's token started: transactionId → OCPI peering (handlers/ocpi-session.ts). */
  ocpiTransactions: Record<string, number>;
  /** Certificates the built-in CA issued to this charge point (certificates/issued.ts). */
  issuedCertificates: IssuedRecord[];
  /** The storage layout's name (schema.ts). */
  schema: string;
}

export type StateKey = keyof ObjectState;
