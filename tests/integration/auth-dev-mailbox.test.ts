import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../workers/api/src/app';
import { enqueueEmail } from '../../workers/api/src/lib/email.store';
import { call, db, expectError, failOnConsoleError, type MailMessage, unique } from './helpers';

failOnConsoleError();

async function send(to: string, subject: string) {
  await enqueueEmail(db, { to, subject, text: `body of ${subject}`, template: 'test' });
}

async function read(query: string): Promise<MailMessage[]> {
  const res = await call(`/dev/mailbox${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

describe('GET /api/dev/mailbox', () => {
  it('lists the outbox newest first, for one recipient, with every field', async () => {
    const to = `${unique('mail')}@example.test`;
    await send(to, 'first');
    await send(to, 'second');
    await send(`other-${to}`, 'not yours');
    const messages = await read(`?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(messages.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      to,
      subject: 'second',
      text: 'body of second',
      template: 'test',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((messages[0]?.id ?? 0) > (messages[1]?.id ?? 0)).toBe(true);
  });

  it('honours the limit, and everyone when no recipient is given', async () => {
    const to = `${unique('mail')}@example.test`;
    for (const s of ['a', 'b', 'c']) await send(to, s);
    expect((await read(`?to=${to}&limit=2`)).map((m) => m.subject)).toEqual(['c', 'b']);
    expect((await read('?limit=1')).map((m) => m.subject)).toEqual(['c']);
  });

  it.each(['0', '201', 'many'])('answers 400 naming limit for limit=%s', async (limit) => {
    await expectError(await call(`/dev/mailbox?limit=${limit}`), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Some validation errors, fix them before resubmitting.',
      field: 'limit',
    });
  });

  it('answers 404 when the environment is neither development nor test', async () => {
    const api = createApi();
    const res = await api.request('/api/dev/mailbox', {}, { ...env, APP_ENV: 'production' });
    await expectError(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    const staging = await api.request('/api/dev/mailbox', {}, { ...env, APP_ENV: 'staging' });
    expect(staging.status).toBe(404);
  });
});
