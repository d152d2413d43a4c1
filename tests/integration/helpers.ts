/**
 * Builders and a logged-in client for the API's integration tests. Storage is shared by the tests
 * of one file, so every world gets its own e-mails and its own client address (rate limits count
 * per address).
 */
import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { openDb } from '../../drizzle/db';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createUser } from '../../drizzle/seed/factories';

export const BASE = 'http://localhost';
export const db = openDb(env.DB);

let seq = 0;
/** A value no other world in this run uses. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A fresh client address, so one test's failed attempts never count against another's. */
export function uniqueIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export interface Caller {
  ip?: string;
  cookie?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallInit extends Caller {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with content-type application/json. */
  raw?: string;
}

/** One API call; the caller's address, cookie and bearer token ride along when given. */
export function call(path: string, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.ip) headers['cf-connecting-ip'] = init.ip;
  if (init.cookie) headers.cookie = `sid=${init.cookie}`;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.json !== undefined || init.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = init.raw ?? JSON.stringify(init.json);
  }
  return SELF.fetch(`${BASE}/api${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
}

export interface ErrorBody {
  'error-msg': string;
  code: string;
  field?: string;
  retry_after?: number;
  token_2fa_method_id?: number;
}

/** Asserts the exact error answer and returns its body. */
export async function expectError(
  res: Response,
  status: number,
  expected: { code: string; message: string; field?: string },
): Promise<ErrorBody> {
  const body = (await res.json()) as ErrorBody;
  expect({ status: res.status, code: body.code, message: body['error-msg'], field: body.field }).toEqual({
    status,
    code: expected.code,
    message: expected.message,
    field: expected.field,
  });
  return body;
}

export interface World {
  company: Awaited<ReturnType<typeof createCompany>>;
  user: Awaited<ReturnType<typeof createUser>>;
  email: string;
  password: string;
  ip: string;
}

type CompanyInput = Parameters<typeof createCompany>[1];
type UserInput = Parameters<typeof createUser>[1];

/** A company and one user in it; the password is hashed with few iterations to keep tests quick. */
export async function world(
  opts: { roles?: number[]; company?: Partial<CompanyInput>; user?: Partial<UserInput> } = {},
): Promise<World> {
  const company = await createCompany(db, { name: unique('Company'), ...opts.company });
  const email = `${unique('user')}@example.test`;
  const password = 'correct horse battery';
  const user = await createUser(
    db,
    { companyId: company.id, email, password, roles: opts.roles ?? [], ...opts.user },
    { iterations: 1000 },
  );
  return { company, user, email, password, ip: uniqueIp() };
}

/** The raw `sid` token from a Set-Cookie header. */
export function sidFrom(res: Response): string | undefined {
  return /(?:^|[,\s])sid=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
}

export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string;
  createdAt: string;
}

export async function mailbox(to: string, limit = 20): Promise<MailMessage[]> {
  const res = await call(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=${limit}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

/** The newest e-mail of `template` to `to`. */
export async function lastMail(to: string, template: string): Promise<MailMessage> {
  const mail = (await mailbox(to)).find((m) => m.template === template);
  if (!mail) throw new Error(`no ${template} e-mail to ${to}`);
  return mail;
}

export function codeIn(mail: MailMessage): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

export interface Session {
  cookie: string;
  token: string;
  ip: string;
}

/** Password step only: the session exists but 2FA is pending. */
export async function loginPending(email: string, password: string, ip = uniqueIp()): Promise<Session> {
  const res = await call('/login', { ip, json: { email, password } });
  expect(res.status).toBe(200);
  const cookie = sidFrom(res);
  if (!cookie) throw new Error('login set no sid cookie');
  const { token } = (await res.json()) as { token: string };
  return { cookie, token, ip };
}

/** The whole login through the real API: password, e-mailed code read from the dev mailbox, 2FA. */
export async function login(email: string, password: string, ip = uniqueIp()): Promise<Session> {
  const session = await loginPending(email, password, ip);
  expect((await call('/2fa/send-code', { ...session, method: 'POST' })).status).toBe(200);
  const code = codeIn(await lastMail(email, 'two-factor-code'));
  const res = await call('/2fa', { ...session, json: { _2fa: code } });
  expect(res.status).toBe(200);
  return session;
}

/** Runs SQL on the test D1, e.g. to move a session's clock. */
/**
 * One 3 kWh session of `driver` per `[stationId, status]`, started now, in `companyId` (the fixture of
 * the private-users list tests: which stations' sessions it shows, and e-mails on active ones).
 */
export async function insertDriverSessions(
  driver: { id: number; email: string },
  companyId: number,
  sessions: [stationId: number, status: 'closed' | 'in_progress'][],
): Promise<void> {
  await db.insert(chargingSessions).values(
    sessions.map(([stationId, status]) => ({
      cdrId: unique('cdr'),
      stationId,
      connectorNumber: 1,
      companyId,
      userId: driver.id,
      userEmail: driver.email,
      authId: 'P',
      startKey: unique('k'),
      startAt: new Date(),
      meterStartWh: 0,
      energyWh: 3000,
      status,
    })),
  );
}

export function sql(query: string, ...params: unknown[]) {
  return env.DB.prepare(query)
    .bind(...params)
    .run();
}

/** An unexpected console.error fails the test that caused it. */
export function failOnConsoleError(): void {
  let spy: MockInstance<typeof console.error>;
  beforeEach(() => {
    spy = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    const calls = spy.mock.calls;
    spy.mockRestore();
    expect(calls, 'console.error was called').toEqual([]);
  });
}
