/** @module POST /login and POST /logout. */
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { jsonBody, MessageOk } from '../auth.schemas';
import { LoginBody, LoginResponse } from './login.schemas';

export const login = defineRoute('public', {
  method: 'post',
  path: '/login',
  tags: ['Session'],
  summary: 'Check e-mail and password; opens a session that must still pass 2FA',
  request: { body: jsonBody(LoginBody) },
  responses: {
    200: json(LoginResponse, 'Session opened (cookie `sid` set); 2FA pending'),
    401: json(ErrorSchema, 'Wrong e-mail or password (LOGIN_FAILED)'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

export const logout = defineRoute('public', {
  method: 'post',
  path: '/logout',
  tags: ['Session'],
  summary: "Revoke the caller's session, if any, and clear the cookie",
  responses: { 200: json(MessageOk) },
});
