/** @module Fleet pages: reading the fleet API's answers in loaders (403 goes back, 404 is the not-found page). */
import { data } from '@remix-run/cloudflare';
import type { ApiResult } from './api.server';
import { forbidden, type Me } from './session.server';

export function must<T>(result: ApiResult<T>, me: Me): T {
  if (result.ok) return result.data;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  if (result.status === 404) throw data({ message: result.error['error-msg'], landing: me.landing }, { status: 404 });
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

/** A fleet user, group or vehicle id from a route param; anything but a positive integer is the not-found page. */
export function fleetId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  return id;
}

export type { FleetUserRow, Usage } from './fleet';
