/** @module What the object knows of its charge point, as its `state()` RPC answers it to the web worker. */
import type { OcppVersion } from '@domain/ocpp/versions';
import type { Liveness } from './duties/heartbeat-timeout';
import type { InboundReplies } from './ocpp-types';
import type { Transaction201 } from './ocpp201-types';
import type { BootState } from './storage/state';
import type { ConnectorState, Store, TransactionState } from './storage/store';

export interface ChargePointState {
  identity: string | null;
  stationId: number | null;
  /** The version the newest connection negotiated (ADR 058). */
  ocppVersion: OcppVersion | null;
  boot: BootState | null;
  lastHeartbeat: string | null;
  lastSeen: string | null;
  connected: boolean;
  /** Connected and heard from within two heartbeat intervals (false after a heartbeat timeout). */
  online: boolean;
  connectors: ConnectorState[];
  // Concrete types only: RPC cannot describe `unknown` fields of a returned object.
  openTransactions: (Omit<TransactionState, 'stop' | 'stopReply' | 'closed' | 'startReply'> & {
    startReply: InboundReplies['StartTransaction'];
  })[];
  pendingCalls: { messageId: string; action: string; sentAt: number; timeoutAt: number }[];
  /** OCPP 2.0.1: the latest transactions by the station's transactionId (seqNos, offline, phases). */
  transactions201: Record<string, Transaction201>;
  /** OCPP 2.0.1: collected reports (charging profiles, display messages, monitoring) and EV/limit notices. */
  reports201: import('./ocpp201-reports-types').Reports201 | null;
  /** The reservations made on this charge point, newest first, and what became of them. */
  reservations: import('./handlers/reservations').Reservation[];
  /** TxProfiles the operator set for transactions (the site limit stays under them, ADR 059 addendum). */
  operatorTxProfiles: import('./load/operator-profiles').OperatorTxLimit[];
}

export function chargePointState(store: Store, liveness: Liveness, connected: boolean): ChargePointState {
  return {
    identity: store.get('identity'),
    stationId: store.get('stationId'),
    ocppVersion: store.get('ocppVersion'),
    boot: store.get('boot'),
    lastHeartbeat: liveness.lastHeartbeat(),
    lastSeen: liveness.lastSeen(),
    connected,
    online: connected && !liveness.timedOut(),
    connectors: store.connectors(),
    openTransactions: store.openTransactions().map(({ stop: _s, stopReply: _r, closed: _c, ...t }) => ({
      ...t,
      startReply: t.startReply as InboundReplies['StartTransaction'],
    })),
    pendingCalls: store.pendingCalls(),
    transactions201: store.get('transactions201') ?? {},
    reports201: store.get('reports201'),
    reservations: store.get('reservations') ?? [],
    operatorTxProfiles: store.get('operatorTxProfiles') ?? [],
  };
}
