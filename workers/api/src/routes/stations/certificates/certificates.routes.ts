/** @module Route declarations of a station's issued certificates and their revocation. */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { ByUid } from '../stations.schemas';
import { BySerial, IssuedCertificate, RevokeBody, StationCertificates } from './certificates.schemas';

export const certificatesRoute = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/certificates',
  tags: ['Station commands'],
  summary: 'Certificates the built-in certificate authority issued to the station, latest first (at most 20)',
  request: { params: ByUid },
  responses: {
    200: json(StationCertificates),
    404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  },
});

export const revokeRoute = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/certificates/{serial}/revoke',
  tags: ['Station commands'],
  summary:
    'Revokes a certificate the built-in CA issued to the station: listed in GET /ca/crl from now on. Final; a repeat answers the first revocation',
  request: { params: BySerial, body: jsonBody(RevokeBody) },
  responses: {
    200: json(IssuedCertificate),
    404: json(ErrorSchema, 'Station uid: {uid} not found, or no such certificate for it'),
    409: json(ErrorSchema, 'No built-in certificate authority (OCPP_CA_PRIVATE_KEY is not set)'),
  },
});
