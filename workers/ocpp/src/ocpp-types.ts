/**
 * @module Payload types of the charge point → central system actions of OCPP 1.6J and the Security
 * Whitepaper, written from the OCA JSON schemas (which validate every payload before a handler runs).
 */
import type { MeterValue } from '@domain/ocpp/meter-values';

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';
export interface IdTagInfo {
  status: AuthorizationStatus;
  expiryDate?: string;
  parentIdTag?: string;
}
type Empty = Record<string, never>;

export interface InboundRequests {
  BootNotification: {
    chargePointVendor: string;
    chargePointModel: string;
    chargePointSerialNumber?: string;
    chargeBoxSerialNumber?: string;
    firmwareVersion?: string;
    iccid?: string;
    imsi?: string;
    meterType?: string;
    meterSerialNumber?: string;
  };
  Heartbeat: Empty;
  StatusNotification: {
    connectorId: number;
    errorCode: string;
    info?: string;
    status: string;
    timestamp?: string;
    vendorId?: string;
    vendorErrorCode?: string;
  };
  Authorize: { idTag: string };
  StartTransaction: {
    connectorId: number;
    idTag: string;
    meterStart: number;
    reservationId?: number;
    timestamp: string;
  };
  MeterValues: { connectorId: number; transactionId?: number; meterValue: MeterValue[] };
  StopTransaction: {
    idTag?: string;
    meterStop: number;
    timestamp: string;
    transactionId: number;
    reason?: string;
    transactionData?: MeterValue[];
  };
  DataTransfer: { vendorId: string; messageId?: string; data?: string };
  DiagnosticsStatusNotification: { status: string };
  FirmwareStatusNotification: { status: string };
  SecurityEventNotification: { type: string; timestamp: string; techInfo?: string };
  SignCertificate: { csr: string };
  SignedFirmwareStatusNotification: { status: string; requestId?: number };
  LogStatusNotification: { status: string; requestId?: number };
}

export interface InboundReplies {
  BootNotification: { status: 'Accepted' | 'Pending' | 'Rejected'; currentTime: string; interval: number };
  Heartbeat: { currentTime: string };
  StatusNotification: Empty;
  Authorize: { idTagInfo: IdTagInfo };
  StartTransaction: { transactionId: number; idTagInfo: IdTagInfo };
  MeterValues: Empty;
  StopTransaction: { idTagInfo?: IdTagInfo };
  DataTransfer: { status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId'; data?: string };
  DiagnosticsStatusNotification: Empty;
  FirmwareStatusNotification: Empty;
  SecurityEventNotification: Empty;
  SignCertificate: { status: 'Accepted' | 'Rejected' };
  SignedFirmwareStatusNotification: Empty;
  LogStatusNotification: Empty;
}

export type InboundAction = keyof InboundRequests;
