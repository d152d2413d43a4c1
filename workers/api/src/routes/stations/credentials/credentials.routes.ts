/** @module Route declarations of a station's OCPP credentials (issue 24 §2, ADR 014 addendum 3). */
import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { ByUid, Credentials, PasswordAnswer, PasswordBody, SecurityProfileBody } from './credentials.schemas';

const tags = ['Station credentials'];
const notFound = json(ErrorSchema, 'Station uid: {uid} not found.');

export const credentials = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/credentials',
  tags,
  summary: 'Whether the station has a password (never the password), its security profile and whether it is connected',
  request: { params: ByUid },
  responses: { 200: json(Credentials), 404: notFound },
});

export const setPassword = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/password',
  tags,
  summary:
    "Sets the station's basic-auth password to a chosen value (stored only as a hash). Connected: sent first as ChangeConfiguration AuthorizationKey (hex-encoded) and replaced only when the charge point accepts it; not connected: replaced at once",
  request: { params: ByUid, body: jsonBody(PasswordBody) },
  responses: { 200: json(PasswordAnswer), 404: notFound },
});

export const setSecurityProfile = defineRoute('connectors:command:advanced', {
  method: 'put',
  path: '/stations/{uid}/security-profile',
  tags,
  summary:
    'Stores the security profile the station must connect with (0-3). From 2 on, a connection that did not arrive over TLS (wss) is refused with 403. Nothing is sent to the charge point: raise its SecurityProfile key first (commands/ChangeConfiguration)',
  request: { params: ByUid, body: jsonBody(SecurityProfileBody) },
  responses: { 200: json(Credentials), 404: notFound },
});
