/**
 * @module The second factor: the e-mailed code (POST /2fa/send-code, POST /2fa) and the
 * authenticator app (GET /2fa/authenticator/code, POST .../code/new, POST .../code/validate).
 */
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { jsonBody, MessageOk } from '../auth.schemas';
import { CodeBody, PairingResponse, RepairBody } from './two-factor.schemas';

export const sendCode = defineRoute('authenticated-2fa-pending', {
  // POST, not the spec's GET: it sends an e-mail and retires older codes (ADR 007, addendum).
  method: 'post',
  path: '/2fa/send-code',
  tags: ['Session'],
  summary: 'E-mail a new 6-digit code to the logged-in user; older codes of this session stop working',
  responses: { 200: json(MessageOk), 429: json(ErrorSchema, 'Too many codes requested (TOO_MANY_ATTEMPTS)') },
});

export const verifyCode = defineRoute('authenticated-2fa-pending', {
  method: 'post',
  path: '/2fa',
  tags: ['Session'],
  summary: 'Check the e-mailed code; on success the session has passed 2FA',
  request: { body: jsonBody(CodeBody) },
  responses: {
    200: json(MessageOk),
    401: json(ErrorSchema, 'Wrong or expired code (TWO_FACTOR_FAILED), or not logged in'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

export const getPairing = defineRoute('authenticated-2fa-pending', {
  method: 'get',
  path: '/2fa/authenticator/code',
  tags: ['Session'],
  summary: 'Whether an authenticator is paired; during a first pairing, its seed and QR code. Changes nothing',
  responses: { 200: json(PairingResponse) },
});

export const repair = defineRoute('authenticated-2fa-pending', {
  // POST, not the spec's GET: it creates a pairing, so a link must not be able to trigger it.
  method: 'post',
  path: '/2fa/authenticator/code/new',
  tags: ['Session'],
  summary:
    'Start pairing a new authenticator. Needs `_2fa` (a code of the paired authenticator, or an e-mailed code from POST /2fa/send-code) unless it is the first pairing; older pairings are cancelled when the new one is confirmed',
  request: { body: { required: false, content: { 'application/json': { schema: RepairBody } } } },
  responses: {
    200: json(PairingResponse),
    401: json(ErrorSchema, 'Second factor missing (TWO_FACTOR_REQUIRED) or wrong (TWO_FACTOR_FAILED)'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

export const validate = defineRoute('authenticated-2fa-pending', {
  method: 'post',
  path: '/2fa/authenticator/code/validate',
  tags: ['Session'],
  summary: 'Check an authenticator code; confirms a pending pairing (cancelling older ones) and passes 2FA',
  request: { body: jsonBody(CodeBody) },
  responses: {
    200: json(MessageOk),
    400: json(ErrorSchema, 'Invalid input, or no authenticator paired (TOTP_NOT_PAIRED)'),
    401: json(ErrorSchema, 'Wrong or replayed code (TWO_FACTOR_FAILED), or 2FA required first'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});
