/** Bad input anywhere answers 400 with the field that failed, never a 500. */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BASE, call, expectError, failOnConsoleError, login, type Session, uniqueIp, world } from './helpers';

failOnConsoleError();

const VALIDATION = 'Some validation errors, fix them before resubmitting.';
const MALFORMED = { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.', field: '(body)' };
const TOO_LARGE = {
  code: 'BODY_TOO_LARGE',
  message: 'The request body is too large (at most 1048576 bytes).',
  field: '(body)',
};

let session: Session | undefined;
async function loggedIn(): Promise<Session> {
  if (!session) {
    const w = await world();
    session = await login(w.email, w.password, w.ip);
  }
  return session;
}

/** Each body route with a body it would accept, so that one extra field is the only fault. */
const routes = [
  { path: '/login', method: 'POST', auth: false, valid: { email: 'a@example.test', password: 'x' } },
  { path: '/reset-password', method: 'POST', auth: false, valid: { email: 'a@example.test' } },
  {
    path: '/reset-password/confirm',
    method: 'POST',
    auth: false,
    valid: { token: 't', password: 'long enough', passwordConfirmation: 'long enough' },
  },
  { path: '/2fa', method: 'POST', auth: true, valid: { _2fa: '123456' } },
  { path: '/2fa/authenticator/code/validate', method: 'POST', auth: true, valid: { _2fa: '123456' } },
  { path: '/me/company', method: 'PUT', auth: true, valid: { companyId: 1 } },
  { path: '/me/preferences', method: 'PUT', auth: true, valid: { theme: 'dark' } },
];

const caller = async (auth: boolean) => (auth ? await loggedIn() : { ip: uniqueIp() });

describe.each(routes)('$method /api$path', ({ path, method, auth, valid }) => {
  it.each(['{', '{"email": }', "{'single': 1}", '{"a":1}}', 'nul'])(
    'answers 400 MALFORMED_JSON for %j',
    async (raw) => {
      await expectError(await call(path, { ...(await caller(auth)), method, raw }), 400, MALFORMED);
    },
  );

  it.each(['[]', '"text"', '42', 'null'])('answers 400 naming the body for the JSON value %s', async (raw) => {
    const res = await call(path, { ...(await caller(auth)), method, raw });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe('(body)');
  });

  it('answers 400 UNKNOWN_FIELD naming the field', async () => {
    const res = await call(path, { ...(await caller(auth)), method, json: { ...valid, surprise: true } });
    await expectError(res, 400, { code: 'UNKNOWN_FIELD', message: 'Unknown field: surprise', field: 'surprise' });
  });

  it('answers 400 BODY_TOO_LARGE over 1 MiB, with or without a Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024) });
    await expectError(await call(path, { ...(await caller(auth)), method, raw: big }), 400, TOO_LARGE);
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const c = await caller(auth);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if ('cookie' in c) headers.cookie = `sid=${c.cookie}`;
    const res = await SELF.fetch(`${BASE}/api${path}`, { method, headers, body: streamed });
    await expectError(res, 400, TOO_LARGE);
  });
});

describe('bodies that are missing or not JSON', () => {
  it.each([
    ['/login', false, 'email', 'Enter a valid e-mail address.'],
    ['/reset-password', false, 'email', 'Enter a valid e-mail address.'],
    ['/reset-password/confirm', false, 'token', 'This reset link is invalid or has expired.'],
    ['/2fa', true, '_2fa', '2FA code required'],
    ['/2fa/authenticator/code/validate', true, '_2fa', '2FA code required'],
  ])('POST /api%s without a body answers 400 naming the first required field', async (path, auth, field, message) => {
    const res = await call(path, { ...(await caller(auth)), method: 'POST' });
    await expectError(res, 400, { code: 'VALIDATION_FAILED', field, message });
  });

  it('answers 400 naming the body when it is not sent as JSON', async () => {
    const res = await SELF.fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'cf-connecting-ip': uniqueIp() },
      body: 'email=a@example.test&password=x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'MALFORMED_JSON', field: '(body)' });
  });
});

describe('per-field answers', () => {
  it.each([
    [
      '/login',
      'POST',
      { email: 'a@example.test', password: 'x', extra: 1 },
      'UNKNOWN_FIELD',
      'extra',
      'Unknown field: extra',
    ],
    ['/login', 'POST', { email: 5, password: 'x' }, 'VALIDATION_FAILED', 'email', 'Enter a valid e-mail address.'],
    ['/login', 'POST', { email: 'a@example.test', password: 5 }, 'VALIDATION_FAILED', 'password', VALIDATION],
    [
      '/login',
      'POST',
      { email: 'a@example.test', password: 'x', isMobilize: 1 },
      'VALIDATION_FAILED',
      'isMobilize',
      VALIDATION,
    ],
    [
      '/reset-password',
      'POST',
      { email: ['a@example.test'] },
      'VALIDATION_FAILED',
      'email',
      'Enter a valid e-mail address.',
    ],
    ['/reset-password', 'POST', { email: 'a@example.test', userId: -1 }, 'VALIDATION_FAILED', 'userId', VALIDATION],
    [
      '/reset-password/confirm',
      'POST',
      { token: 't', password: 12345678, passwordConfirmation: 'x' },
      'VALIDATION_FAILED',
      'password',
      VALIDATION,
    ],
    [
      '/reset-password/confirm',
      'POST',
      { token: 't', password: 'long enough' },
      'VALIDATION_FAILED',
      'passwordConfirmation',
      VALIDATION,
    ],
  ])('%s %s %j → %s on %s', async (path, method, json, code, field, message) => {
    await expectError(await call(path, { ip: uniqueIp(), method, json }), 400, { code, field, message });
  });

  it.each([
    ['/2fa', 'POST', { _2fa: '123456', extra: 1 }, 'UNKNOWN_FIELD', 'extra', 'Unknown field: extra'],
    ['/2fa', 'POST', { _2fa: null }, 'VALIDATION_FAILED', '_2fa', '2FA code required'],
    ['/me/company', 'PUT', { companyId: '3' }, 'VALIDATION_FAILED', 'companyId', VALIDATION],
    ['/me/company', 'PUT', { companyId: 1.5 }, 'VALIDATION_FAILED', 'companyId', VALIDATION],
    ['/me/company', 'PUT', { companyId: 1, admin: true }, 'UNKNOWN_FIELD', 'admin', 'Unknown field: admin'],
    ['/me/preferences', 'PUT', { language: 'xx' }, 'VALIDATION_FAILED', 'language', VALIDATION],
    ['/me/preferences', 'PUT', { theme: 7 }, 'VALIDATION_FAILED', 'theme', VALIDATION],
  ])('%s %s %j → %s on %s (logged in)', async (path, method, json, code, field, message) => {
    await expectError(await call(path, { ...(await loggedIn()), method, json }), 400, { code, field, message });
  });

  it('translates field messages into the caller language', async () => {
    const res = await call('/reset-password', {
      ip: uniqueIp(),
      json: { email: 'nope' },
      headers: { 'accept-language': 'it' },
    });
    await expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      field: 'email',
      message: 'Inserisci un indirizzo e-mail valido.',
    });
  });
});
