/** @module Single sign-on login (ADR 048): does the e-mail's domain have a provider, start, callback. */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { SsoCallbackBody, SsoEmailBody, SsoLoginResponse, SsoLookup, SsoStart } from './sso.schemas';

const tags = ['Session'];
const tooMany = errorResponse('Too many attempts from this client (TOO_MANY_ATTEMPTS)');

export const lookup = defineRoute('public', {
  method: 'post',
  path: '/sso/lookup',
  tags,
  summary: "Whether the e-mail's domain logs in through a company's identity provider",
  request: { body: jsonBody(SsoEmailBody) },
  responses: { 200: json(SsoLookup), 429: tooMany },
});

export const start = defineRoute('public', {
  method: 'post',
  path: '/sso/start',
  tags,
  summary: 'Starts an SSO login (state, nonce, PKCE kept server-side); answers where to send the browser',
  request: { body: jsonBody(SsoEmailBody) },
  responses: {
    200: json(SsoStart, 'Cookie `sso_state` set; send the browser to `redirect_to`'),
    404: errorResponse('No enabled SSO for this e-mail domain (SSO_NOT_AVAILABLE)'),
    429: tooMany,
    502: errorResponse('The identity provider could not be reached (SSO_PROVIDER_ERROR)'),
  },
});

export const callback = defineRoute('public', {
  method: 'post',
  path: '/sso/callback',
  tags,
  summary: "Completes an SSO login with the provider's answer: checks state, exchanges the code, verifies the ID token",
  request: { body: jsonBody(SsoCallbackBody) },
  responses: {
    200: json(SsoLoginResponse, 'Session opened (cookie `sid` set), as after a password login'),
    401: errorResponse('Unknown, used or expired login, or an invalid answer or ID token (SSO_FAILED)'),
    403: errorResponse(
      'E-mail not verified, domain not allowed, user of another company or deactivated (SSO_EMAIL_NOT_VERIFIED, SSO_DOMAIN_NOT_ALLOWED, SSO_OTHER_COMPANY, SSO_ACCOUNT_DISABLED)',
    ),
    502: errorResponse('The identity provider could not be reached (SSO_PROVIDER_ERROR)'),
  },
});
