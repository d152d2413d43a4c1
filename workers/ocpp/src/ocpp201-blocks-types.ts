/**
 * @module Payload types of the charging station → CSMS actions of OCPP 2.0.1 blocks A (SignCertificate),
 * H (ReservationStatusUpdate), M (Get15118EVCertificate, GetCertificateStatus) and P (DataTransfer),
 * written from the OCA JSON schemas (handlers/v201/blocks.ts). Only the fields the handlers read are named.
 */

/** Why a request was answered as it was (2.0.1 StatusInfoType; reasonCode ≤ 20, additionalInfo ≤ 512). */
export interface StatusInfo201 {
  reasonCode: string;
  additionalInfo?: string;
}

export interface BlocksRequests201 {
  ReservationStatusUpdate: { reservationId: number; reservationUpdateStatus: 'Expired' | 'Removed' };
  DataTransfer: { vendorId: string; messageId?: string; data?: unknown };
  Get15118EVCertificate: { iso15118SchemaVersion: string; action: 'Install' | 'Update'; exiRequest: string };
  GetCertificateStatus: {
    ocspRequestData: {
      hashAlgorithm: string;
      issuerNameHash: string;
      issuerKeyHash: string;
      serialNumber: string;
      responderURL: string;
    };
  };
  SignCertificate: { csr: string; certificateType?: 'ChargingStationCertificate' | 'V2GCertificate' };
}

export interface BlocksReplies201 {
  ReservationStatusUpdate: Record<string, never>;
  DataTransfer: {
    status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId';
    data?: unknown;
    statusInfo?: StatusInfo201;
  };
  Get15118EVCertificate: { status: 'Accepted' | 'Failed'; exiResponse: string; statusInfo?: StatusInfo201 };
  GetCertificateStatus: { status: 'Accepted' | 'Failed'; ocspResult?: string; statusInfo?: StatusInfo201 };
  SignCertificate: { status: 'Accepted' | 'Rejected'; statusInfo?: StatusInfo201 };
}
