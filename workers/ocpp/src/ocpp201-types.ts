/**
 * @module Payload types of the charging station → CSMS actions of OCPP 2.0.1 that the object
 * handles (ADR 058), written from the OCA JSON schemas (which validate every payload before a
 * handler runs). Only the fields the handlers read are named; the schemas allow the rest.
 */
import type { MeterValue } from '@domain/ocpp/meter-values';
import type { BlocksReplies201, BlocksRequests201 } from './ocpp201-blocks-types';

export type IdTokenType =
  | 'Central'
  | 'eMAID'
  | 'ISO14443'
  | 'ISO15693'
  | 'KeyCode'
  | 'Local'
  | 'MacAddress'
  | 'NoAuthorization';
export interface IdToken {
  idToken: string;
  type: IdTokenType;
  additionalInfo?: { additionalIdToken: string; type: string }[];
}
export type AuthorizationStatus201 =
  | 'Accepted'
  | 'Blocked'
  | 'ConcurrentTx'
  | 'Expired'
  | 'Invalid'
  | 'NoCredit'
  | 'NotAllowedTypeEVSE'
  | 'NotAtThisLocation'
  | 'NotAtThisTime'
  | 'Unknown';
export interface IdTokenInfo {
  status: AuthorizationStatus201;
  cacheExpiryDateTime?: string;
  groupIdToken?: IdToken;
}

export interface SampledValue201 {
  value: number;
  context?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  signedMeterValue?: { signedMeterData: string; signingMethod: string; encodingMethod: string; publicKey: string };
  unitOfMeasure?: { unit?: string; multiplier?: number };
}
export interface MeterValue201 {
  timestamp: string;
  sampledValue: SampledValue201[];
}

export type ChargingState = 'Charging' | 'EVConnected' | 'SuspendedEV' | 'SuspendedEVSE' | 'Idle';
export interface TransactionEventRequest {
  eventType: 'Started' | 'Updated' | 'Ended';
  timestamp: string;
  triggerReason: string;
  seqNo: number;
  offline?: boolean;
  numberOfPhasesUsed?: number;
  transactionInfo: {
    transactionId: string;
    chargingState?: ChargingState;
    timeSpentCharging?: number;
    stoppedReason?: string;
    remoteStartId?: number;
  };
  idToken?: IdToken;
  evse?: { id: number; connectorId?: number };
  meterValue?: MeterValue201[];
  /** The reservation this transaction uses (block H). */
  reservationId?: number;
}

type Empty = Record<string, never>;
type Progress = { status: string; requestId?: number };

export interface Requests201 {
  BootNotification: {
    chargingStation: {
      model: string;
      vendorName: string;
      serialNumber?: string;
      firmwareVersion?: string;
      modem?: { iccid?: string; imsi?: string };
    };
    reason: string;
  };
  Heartbeat: Empty;
  StatusNotification: {
    timestamp: string;
    connectorStatus: 'Available' | 'Occupied' | 'Reserved' | 'Unavailable' | 'Faulted';
    evseId: number;
    connectorId: number;
  };
  Authorize: { idToken: IdToken };
  TransactionEvent: TransactionEventRequest;
  MeterValues: { evseId: number; meterValue: MeterValue201[] };
  SecurityEventNotification: { type: string; timestamp: string; techInfo?: string };
  NotifyEvent: { generatedAt: string; seqNo: number; tbc?: boolean; eventData: unknown[] };
  FirmwareStatusNotification: Progress;
  LogStatusNotification: Progress;
  // Reports and notices of blocks B, K, N, O (ocpp201-reports-types.ts).
  NotifyReport: import('./ocpp201-reports-types').NotifyReportRequest;
  ReportChargingProfiles: import('./ocpp201-reports-types').ReportChargingProfilesRequest;
  NotifyEVChargingNeeds: import('./ocpp201-reports-types').NotifyEVChargingNeedsRequest;
  NotifyChargingLimit: import('./ocpp201-reports-types').NotifyChargingLimitRequest;
  ClearedChargingLimit: import('./ocpp201-reports-types').ClearedChargingLimitRequest;
  NotifyDisplayMessages: import('./ocpp201-reports-types').NotifyDisplayMessagesRequest;
  NotifyMonitoringReport: import('./ocpp201-reports-types').NotifyMonitoringReportRequest;
  // Blocks A, H, M, P (ocpp201-blocks-types.ts).
  ReservationStatusUpdate: BlocksRequests201['ReservationStatusUpdate'];
  DataTransfer: BlocksRequests201['DataTransfer'];
  Get15118EVCertificate: BlocksRequests201['Get15118EVCertificate'];
  GetCertificateStatus: BlocksRequests201['GetCertificateStatus'];
  SignCertificate: BlocksRequests201['SignCertificate'];
}

export interface Replies201 {
  BootNotification: { status: 'Accepted' | 'Pending' | 'Rejected'; currentTime: string; interval: number };
  Heartbeat: { currentTime: string };
  StatusNotification: Empty;
  Authorize: { idTokenInfo: IdTokenInfo };
  TransactionEvent: { idTokenInfo?: IdTokenInfo };
  MeterValues: Empty;
  SecurityEventNotification: Empty;
  NotifyEvent: Empty;
  FirmwareStatusNotification: Empty;
  LogStatusNotification: Empty;
  NotifyReport: Empty;
  ReportChargingProfiles: Empty;
  NotifyEVChargingNeeds: { status: 'Accepted' | 'Rejected' | 'Processing' };
  NotifyChargingLimit: Empty;
  ClearedChargingLimit: Empty;
  NotifyDisplayMessages: Empty;
  NotifyMonitoringReport: Empty;
  ReservationStatusUpdate: BlocksReplies201['ReservationStatusUpdate'];
  DataTransfer: BlocksReplies201['DataTransfer'];
  Get15118EVCertificate: BlocksReplies201['Get15118EVCertificate'];
  GetCertificateStatus: BlocksReplies201['GetCertificateStatus'];
  SignCertificate: BlocksReplies201['SignCertificate'];
}

export type InboundAction201 = keyof Requests201;

/** What the object keeps of a 2.0.1 transaction beside its 1.6-shaped one (handlers/v201/transaction-event.ts). */
export interface Transaction201 {
  /**
   * The D1 session (and the object's transaction) the station's transactionId maps to; null while
   * it waits for its idToken (plugged in first) or when it ended without one and without energy.
   */
  sessionId: number | null;
  /** A transaction started without an idToken: its start, kept until an event brings the idToken. */
  pending?: PendingStart201;
  /** Ended without an idToken and without energy: no session, and a late event opens none. */
  endedUnopened?: true;
  /** Whether its Started has been received (the first event received opened it otherwise). */
  started: boolean;
  /** Every seqNo received: a repeated one is a duplicate, handled once. */
  seqNos: number[];
  /** Whether any event came from the station's offline queue. */
  offline: boolean;
  numberOfPhasesUsed: number | null;
  chargingState: ChargingState | null;
  updatedAt: number;
}

/** The start of a transaction the station began without an idToken (cable plugged in first). */
export interface PendingStart201 {
  evseId: number;
  /** The Started's time (else the earliest event's). */
  startedAt: string;
  /** The first energy register reading (Wh), the Transaction.Begin one when given. */
  meterStart: number | null;
  /** Its readings so far (1.6 shape), kept for the session it opens (the latest PENDING_READINGS). */
  meterValues: MeterValue[];
}
