/**
 * @module Who is calling, for loaders and actions. Every protected loader and action calls
 * `requireUser` or `requirePermission` itself; a layout's check does not cover its children.
 */
import { type AppLoadContext, data, redirect } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import type { Permission } from '../../domain/permissions/permissions';
import { type Api, createApi } from './api.server';
import { rememberMe } from './me-cache.server';
import { safeRedirect, twoFactorPath } from './redirects';

export type Me = InferResponseType<Api['client']['api']['me']['$get'], 200>;

export type MeState =
  | { status: 'ok'; me: Me; setCookies: string[] }
  | { status: 'anonymous'; expired: boolean; setCookies: string[] }
  | { status: 'two-factor'; method: number; setCookies: string[] }
  | { status: 'error'; httpStatus: number; setCookies: string[] };

/** GET /api/me, once per request; never throws. */
export function getMe(request: Request, context: AppLoadContext): Promise<MeState> {
  return rememberMe(context, async (): Promise<MeState> => {
    const api = createApi(request, context);
    const result = await api.send(api.client.api.me.$get());
    const setCookies = api.setCookies;
    if (result.ok) return { status: 'ok', me: result.data, setCookies };
    if (result.error.code === 'TWO_FACTOR_REQUIRED') {
      return { status: 'two-factor', method: result.error.token_2fa_method_id ?? 0, setCookies };
    }
    if (result.status === 401) {
      return { status: 'anonymous', expired: result.error.code === 'SESSION_EXPIRED', setCookies };
    }
    return { status: 'error', httpStatus: result.status, setCookies };
  });
}

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const value of setCookies) headers.append('Set-Cookie', value);
  return headers;
}

/** The logged-in user, or a redirect: /login when logged out, /2fa or /2fa-qr while 2FA is pending. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<Me> {
  const state = await getMe(request, context);
  if (state.status === 'ok') return state.me;
  const headers = cookieHeaders(state.setCookies);
  const redirectTo = encodeURIComponent(safeRedirect(here(request), '/'));
  if (state.status === 'anonymous') {
    const reason = state.expired ? 'reason=expired&' : '';
    throw redirect(`/login?${reason}redirectTo=${redirectTo}`, { headers });
  }
  if (state.status === 'two-factor') {
    throw redirect(`${twoFactorPath(state.method)}?redirectTo=${redirectTo}&notice=2fa`, { headers });
  }
  throw data({ status: state.httpStatus }, { status: Math.max(state.httpStatus, 500), headers });
}

/** What a 403 carries to the route's error boundary: where to go when there is no history to go back to. */
export interface ForbiddenData {
  forbidden: true;
  landing: string;
  message?: string;
}

export function forbidden(me: Me, message?: string): never {
  throw data({ forbidden: true, landing: me.landing, message } satisfies ForbiddenData, { status: 403 });
}

/**
 * For resource routes (downloads), which have no page to show a refusal on: the logged-in user if
 * they hold the permission, else the browser goes to /forbidden, the app's 403 page (never a JSON error).
 */
export async function requireDownloadPermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<Me> {
  const me = await requireUser(request, context);
  if (!me.permissions.includes(permission)) throw redirect(FORBIDDEN_PAGE);
  return me;
}

/** The app's 403 page, where a refused download lands. */
export const FORBIDDEN_PAGE = '/forbidden';

/** The logged-in user if they hold the permission; a 403 for the route's error boundary otherwise. */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<Me> {
  const me = await requireUser(request, context);
  if (!me.permissions.includes(permission)) forbidden(me);
  return me;
}
