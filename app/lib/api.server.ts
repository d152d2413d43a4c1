/**
 * @module Loaders and actions reach the Hono API in process (`context.api`), never over the
 * network: the browser's Cookie header goes in, the API's Set-Cookie headers come back out to the
 * browser. One client per loader/action; it keeps the cookies the API sets, so a call made after
 * login already carries the new session.
 */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiApp } from '../../workers/api/src/app';
import { forgetMe } from './me-cache.server';

/** The API's one error shape. */
export interface ApiErrorBody {
  'error-msg': string;
  code: string;
  field?: string;
  issues?: { field: string; message: string }[];
  token_2fa_method_id?: number;
  retry_after?: number;
}

/** A fetch Response or the typed client's ClientResponse. */
type Readable = Pick<Response, 'ok' | 'status' | 'json'>;

/** The body of a typed-client response's 2xx answers (its error answers are ApiErrorBody). */
export type SuccessData<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : unknown;

/** The 2xx answer of a typed-client method, for a type a component needs: `AnswerOf<Client['me']['$get']>`. */
// biome-ignore lint/suspicious/noExplicitAny: any client method
export type AnswerOf<F extends (...args: any[]) => Promise<unknown>> = SuccessData<Awaited<ReturnType<F>>>;

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody };

/** Request headers worth passing on: the API rate-limits per client and answers in the browser's language. */
const FORWARDED = ['accept-language', 'user-agent', 'cf-connecting-ip', 'x-forwarded-for', 'x-real-ip'];

/** Cookie name=value pairs, updated from Set-Cookie so later calls of the same action see them. */
class CookieJar {
  private readonly pairs = new Map<string, string>();

  constructor(header: string | null) {
    for (const part of (header ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) this.pairs.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
  }

  apply(setCookie: string) {
    const [pair = '', ...attributes] = setCookie.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === '') this.pairs.delete(name);
    else this.pairs.set(name, value);
  }

  header(): string {
    return [...this.pairs].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Api {
  /** The typed Hono client: `await api.client.api.me.$get()`. */
  client: ReturnType<typeof hc<ApiApp>>;
  /**
   * Awaits a typed-client call and reads it into an ApiResult; an API that throws becomes a 503
   * result instead of a crash. The data's type is the route's own 2xx answer, read from its
   * definition: `await api.send(api.client.api.me.$get())` (ADR 041: no hand-written response types).
   */
  send<R extends Readable>(pending: Promise<R>): Promise<ApiResult<SuccessData<R>>>;
  /** The same for a call whose answer the typed client cannot describe (a raw Response). */
  send<T>(pending: Promise<Readable>): Promise<ApiResult<T>>;
  /** Reads a Response the typed client returned into an ApiResult. */
  read<T>(response: Readable): Promise<ApiResult<T>>;
  /** Set-Cookie headers the API sent during this loader/action, to pass on to the browser. */
  readonly setCookies: string[];
  /** Headers carrying those Set-Cookie values, plus any extra cookies given. */
  headers(...extraCookies: string[]): Headers;
}

export interface ApiOptions {
  /** The page's language, sent as Accept-Language so the API's error-msg matches the page. */
  language?: string;
}

export function createApi(request: Request, context: AppLoadContext, options: ApiOptions = {}): Api {
  const jar = new CookieJar(request.headers.get('Cookie'));
  const setCookies: string[] = [];
  const origin = new URL(request.url).origin;

  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const outgoing = new Request(input, init);
    const headers = new Headers(outgoing.headers);
    if (options.language) headers.set('accept-language', options.language);
    for (const name of FORWARDED) {
      const value = request.headers.get(name);
      if (value && !headers.has(name)) headers.set(name, value);
    }
    const cookie = jar.header();
    if (cookie) headers.set('Cookie', cookie);
    else headers.delete('Cookie');
    const response = await context.api(new Request(outgoing, { headers }));
    for (const value of response.headers.getSetCookie()) {
      setCookies.push(value);
      jar.apply(value);
    }
    // Anything but a read may change who the caller is or what they see.
    if (outgoing.method !== 'GET') forgetMe(context);
    return response;
  };

  const read = async <T>(response: Readable): Promise<ApiResult<T>> => {
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, status: response.status, data: body as T };
    return { ok: false, status: response.status, error: asErrorBody(body, response.status) };
  };

  return {
    client: hc<ApiApp>(origin, { fetch: send as typeof fetch }),
    async send<T>(pending: Promise<Readable>): Promise<ApiResult<T>> {
      // One implementation for both signatures: the typed one only names T.
      try {
        return await read<T>(await pending);
      } catch (error) {
        console.error('API call failed', error);
        return { ok: false, status: 503, error: { 'error-msg': '', code: 'UNREACHABLE' } };
      }
    },
    read,
    setCookies,
    headers(...extraCookies: string[]) {
      const headers = new Headers();
      for (const value of [...setCookies, ...extraCookies]) headers.append('Set-Cookie', value);
      return headers;
    },
  };
}

function asErrorBody(body: unknown, status: number): ApiErrorBody {
  if (body && typeof body === 'object' && 'code' in body) {
    const b = body as Partial<ApiErrorBody>;
    return { ...b, 'error-msg': typeof b['error-msg'] === 'string' ? b['error-msg'] : '', code: String(b.code) };
  }
  return { 'error-msg': '', code: status >= 500 ? 'INTERNAL' : 'HTTP_ERROR' };
}
