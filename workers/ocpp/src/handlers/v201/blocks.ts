/**
 * @module OCPP 2.0.1 requests of blocks A, H, M and P on the 1.6 code below them (ADR 058 addendum):
 * - P DataTransfer: answered like 1.6 (UnknownVendorId unless the vendor is listed in
 *   OCPP_DATA_TRANSFER_VENDORS; the latest accepted one kept).
 * - H ReservationStatusUpdate: the reservation is marked Expired or Removed (handlers/reservations.ts).
 * - A SignCertificate: a charging station certificate goes the 1.6 Security Whitepaper way (no CA:
 *   Rejected; external CA: CSR kept; built-in CA: issued and sent with CertificateSigned). A V2G
 *   certificate is ISO 15118 PKI, which this back office does not run: Rejected, saying so.
 * - M Get15118EVCertificate and GetCertificateStatus: Failed with a statusInfo saying why. The built-in
 *   CA (ADR 014) issues charging station certificates only: it cannot answer an EV's EXI
 *   CertificateInstallationReq (a contract certificate from a mobility operator's PKI) nor produce a
 *   signed OCSP response, so it does not change the answer, only its wording.
 */
import { authorityMode } from '../../certificates/authority';
import type { Handler201 } from '../../context';
import type { InboundRequests } from '../../ocpp-types';
import type { StatusInfo201 } from '../../ocpp201-blocks-types';
import { dataTransfer as dataTransfer16 } from '../notifications';
import { endReservation } from '../reservations';
import { signCertificate as signCertificate16 } from '../sign-certificate';

export const ISO15118_NOT_CONFIGURED = 'ISO 15118 certificate management is not configured';

/** Why ISO 15118 certificate requests fail here, worded for the certificate authority set up. */
function iso15118Refusal(env: Env): StatusInfo201 {
  if (authorityMode(env) === 'none') return { reasonCode: 'NoCA', additionalInfo: ISO15118_NOT_CONFIGURED };
  return {
    reasonCode: 'NotSupported',
    additionalInfo: `${ISO15118_NOT_CONFIGURED}: the certificate authority here issues charging station certificates only`,
  };
}

export const dataTransfer: Handler201<'DataTransfer'> = (ctx, p) =>
  // 2.0.1 data may be any JSON value; it is kept as received.
  dataTransfer16(ctx, p as InboundRequests['DataTransfer']);

export const reservationStatusUpdate: Handler201<'ReservationStatusUpdate'> = (ctx, p) => {
  endReservation(ctx, p.reservationId, p.reservationUpdateStatus);
  return {};
};

export const get15118EVCertificate: Handler201<'Get15118EVCertificate'> = (ctx) => ({
  status: 'Failed',
  exiResponse: '',
  statusInfo: iso15118Refusal(ctx.env),
});

export const getCertificateStatus: Handler201<'GetCertificateStatus'> = (ctx) => ({
  status: 'Failed',
  statusInfo: iso15118Refusal(ctx.env),
});

export const signCertificate: Handler201<'SignCertificate'> = async (ctx, p) => {
  if (p.certificateType === 'V2GCertificate') {
    return {
      status: 'Rejected',
      statusInfo: { reasonCode: 'NotSupported', additionalInfo: `${ISO15118_NOT_CONFIGURED} (V2G certificates)` },
    };
  }
  const { status } = await signCertificate16(ctx, { csr: p.csr });
  if (status === 'Accepted') return { status };
  const reason =
    authorityMode(ctx.env) === 'none'
      ? { reasonCode: 'NoCA', additionalInfo: 'No certificate authority is configured' }
      : { reasonCode: 'InvalidCSR', additionalInfo: ctx.store.get('lastCsr')?.reason ?? 'The CSR was refused' };
  return { status: 'Rejected', statusInfo: reason };
};
