/**
 * @module The station configuration page's API calls (spec 7.16 stations/{uid}/…): reads for the
 * selected tab, and the commands its forms send. Every failure keeps the API's translated message.
 */

import type { RevocationReason } from '@domain/certificates/crl';
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { type ApiErrorBody, type ApiResult, createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import {
  type Certificates,
  type CommandAnswer,
  type ConfigurationKey,
  FILES_PER_PAGE,
  type FileList,
  type Progress,
  type Tab,
} from './shared';

export type { Certificates, CommandAnswer, ConfigurationKey, FileList, Progress, Tab };

/** A read that failed: a 404/403 ends the page; anything else is shown beside the rest. */
function failed(me: Me, status: number, error: ApiErrorBody): never {
  if (status === 403) forbidden(me, error['error-msg']);
  if (status === 404) throw data({ message: error['error-msg'] }, { status: 404 });
  throw data({ status }, { status: Math.max(status, 500) });
}

export async function loadTab(request: Request, context: AppLoadContext, me: Me, uid: string, tab: Tab, page: number) {
  const api = createApi(request, context, { language: me.user.language });
  const station = api.client.api.stations[':uid'];
  const param = { uid };
  const paging = { page: String(page), limit: String(FILES_PER_PAGE) };
  if (tab === 'configuration') {
    const res = await api.send(station['get-configuration'].$post({ param, json: {} }));
    if (res.ok) {
      const reply = res.data.reply as { configurationKey?: ConfigurationKey[]; unknownKey?: string[] };
      return {
        tab,
        connected: true,
        keys: reply.configurationKey ?? [],
        unknownKeys: reply.unknownKey ?? [],
        error: null as string | null,
      };
    }
    if (res.status === 403 || res.status === 404) failed(me, res.status, res.error);
    // Offline (409), timeout (504) or refused (502): the page says so and keeps its other tabs.
    return { tab, connected: res.status !== 409, keys: [], unknownKeys: [], error: res.error['error-msg'] };
  }
  if (tab === 'certificates') {
    const res = await api.send(station.certificates.$get({ param }));
    if (!res.ok) failed(me, res.status, res.error);
    return { tab, connected: true, certificates: res.data };
  }
  if (tab === 'diagnostics') {
    const [status, files] = await Promise.all([
      api.send(station['get-diagnostics-status'].$get({ param })),
      api.send(station['get-diagnostics-list'].$get({ param, query: paging })),
    ]);
    if (!status.ok) failed(me, status.status, status.error);
    if (!files.ok) failed(me, files.status, files.error);
    return { tab, connected: status.data.connected, progress: status.data, files: files.data };
  }
  const [status, files] = await Promise.all([
    api.send(station['get-firmware-upgrade-status'].$get({ param })),
    api.send(station['get-firmware-list'].$get({ param, query: paging })),
  ]);
  if (!status.ok) failed(me, status.status, status.error);
  if (!files.ok) failed(me, files.status, files.error);
  return { tab, connected: status.data.connected, progress: status.data, files: files.data };
}

export type ActionResult =
  | { ok: true; intent: string; answer?: CommandAnswer; key?: string; serial?: string }
  | { ok: false; intent: string; message: string; key?: string };

/** Runs one form intent; the outcome (the station's answer, or the API's message) goes back to the page. */
export async function runIntent(
  request: Request,
  context: AppLoadContext,
  me: Me,
  uid: string,
  form: FormData,
): Promise<ActionResult> {
  const api = createApi(request, context, { language: me.user.language });
  const station = api.client.api.stations[':uid'];
  const param = { uid };
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const asCommand = (res: ApiResult<CommandAnswer>, key?: string): ActionResult => {
    if (res.ok) return { ok: true, intent, answer: res.data, key };
    if (res.status === 403) forbidden(me, res.error['error-msg']);
    const issue = res.error.issues?.[0]?.message;
    return { ok: false, intent, key, message: issue ?? res.error['error-msg'] };
  };
  switch (intent) {
    case 'set-configuration': {
      const key = String(form.get('key') ?? '');
      const value = String(form.get('value') ?? '');
      return asCommand(await api.send(station['set-configuration'].$post({ param, json: { key, value } })), key);
    }
    case 'get-diagnostics': {
      const utc = (v: string | undefined) => (v ? new Date(`${v}:00Z`).toISOString().replace('.000Z', 'Z') : undefined);
      const json: { startTime?: string; stopTime?: string } = {};
      const from = utc(text('startTime'));
      const to = utc(text('stopTime'));
      if (from) json.startTime = from;
      if (to) json.stopTime = to;
      return asCommand(await api.send(station['get-diagnostics'].$post({ param, json })));
    }
    case 'upgrade': {
      const firmware = String(form.get('firmware') ?? '');
      return asCommand(await api.send(station.upgrade[':firmware'].$post({ param: { uid, firmware }, json: {} })));
    }
    case 'reset-diagnostics-status':
    case 'reset-firmware-status': {
      const call =
        intent === 'reset-diagnostics-status'
          ? station['reset-get-diagnostics-status'].$delete({ param })
          : station['reset-firmware-upgrade-status'].$delete({ param });
      const res = await api.send(call);
      if (res.ok) return { ok: true, intent };
      if (res.status === 403) forbidden(me, res.error['error-msg']);
      return { ok: false, intent, message: res.error['error-msg'] };
    }
    case 'revoke-certificate': {
      const serial = String(form.get('serial') ?? '');
      const reason = String(form.get('reason') ?? '') as RevocationReason;
      const res = await api.send(
        station.certificates[':serial'].revoke.$post({ param: { uid, serial }, json: { reason } }),
      );
      if (res.ok) return { ok: true, intent, serial };
      if (res.status === 403) forbidden(me, res.error['error-msg']);
      return { ok: false, intent, message: res.error.issues?.[0]?.message ?? res.error['error-msg'] };
    }
    default:
      return { ok: false, intent, message: 'Unknown action' };
  }
}
