/** An ocpp-rpc charge point in strict mode (a reply that breaks the OCA 1.6 schemas fails the call). */
import { RPCClient } from 'ocpp-rpc';
import { inject } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';

export const endpoint = `${inject('baseURL').replace(/^http/, 'ws')}/ocpp`;

export function demoCharger(identity: string, password: string = DEMO_OCPP_PASSWORD): RPCClient {
  // ocpp-rpc's typings list every option as required; the library fills the rest with defaults.
  const options = { endpoint, identity, password, protocols: ['ocpp1.6'], strictMode: true, reconnect: false };
  return new RPCClient(options as unknown as ConstructorParameters<typeof RPCClient>[0]);
}

const baseURL = inject('baseURL');

/** A call to the product's API with a session cookie. */
export function api(path: string, init: RequestInit & { cookie: string }): Promise<Response> {
  return fetch(`${baseURL}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', cookie: init.cookie, ...(init.headers ?? {}) },
  });
}

/** Logs a demo user in through the real API, reading the 2FA code from the dev mailbox; returns the cookie. */
export async function apiLogin(email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error(`no session cookie for ${email}`);
  const cookie = `sid=${sid}`;
  await api('/2fa/send-code', { cookie, method: 'POST' });
  const mail = (await (await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`)).json()) as {
    messages: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mail.messages[0]?.text ?? '')?.[1];
  const passed = await api('/2fa', { cookie, method: 'POST', body: JSON.stringify({ _2fa: code }) });
  if (passed.status !== 200) throw new Error(`2FA failed for ${email}`);
  return cookie;
}

/** The id of a connector by its uid, through the connector list. */
export async function connectorIdOf(cookie: string, uid: string): Promise<number> {
  const res = await api('/connectors', { cookie, method: 'POST', body: JSON.stringify({ keyword: uid }) });
  const row = ((await res.json()) as { data: { id: number; uid: string }[] }).data.find((r) => r.uid === uid);
  if (!row) throw new Error(`no connector ${uid}`);
  return row.id;
}
