/** @module POST /reset-password and POST /reset-password/confirm. */
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { jsonBody } from '../auth.schemas';
import { ResetConfirmBody, ResetRequestBody, ResultOk } from './reset-password.schemas';

export const requestReset = defineRoute('public', {
  method: 'post',
  path: '/reset-password',
  tags: ['Session'],
  summary: 'E-mail a single-use password reset link if the address belongs to an active account',
  request: { body: jsonBody(ResetRequestBody) },
  responses: {
    200: json(ResultOk, 'Always, for a valid address'),
    429: json(ErrorSchema, 'Too many requests (TOO_MANY_ATTEMPTS)'),
  },
});

export const confirmReset = defineRoute('public', {
  method: 'post',
  path: '/reset-password/confirm',
  tags: ['Session'],
  summary: 'Set a new password with the link token; every session of the user is logged out',
  request: { body: jsonBody(ResetConfirmBody) },
  responses: { 200: json(ResultOk) },
});
