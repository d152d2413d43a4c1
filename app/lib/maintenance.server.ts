/**
 * @module The maintenance screens' server side: what the page shows (connector, its latest sessions,
 * its customer-service log, users for a remote start) and the commands, forwarded to the API, whose
 * answer (the charge point's own, or why nothing was sent) comes back to the page as is.
 */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from './api.server';
import { loadReservations } from './maintenance-station.server';
import { forbidden, type Me } from './session.server';

export type ConnectorDetail = InferResponseType<Api['client']['api']['connectors'][':id']['$get'], 200>;
export type RecentSessions = InferResponseType<
  Api['client']['api']['connectors'][':id']['recent-sessions']['$get'],
  200
>['data'];
export type ConnectorTotals = InferResponseType<
  Api['client']['api']['connectors'][':id']['total-local-stats']['$get'],
  200
>;
export type ServiceLogPage = InferResponseType<Api['client']['api']['customer-services']['logs']['$get'], 200>;
export type StartUsers = InferResponseType<Api['client']['api']['maintenance'][':id']['users']['$get'], 200>['data'];
export type ScheduledChanges = InferResponseType<
  Api['client']['api']['stations'][':uid']['scheduled-availability']['$get'],
  200
>['data'];

/** Reads an API answer or throws what the route's error boundary shows (403 goes back, 404 not found). */
export function unwrap<T>(me: Me, result: Awaited<ReturnType<Api['send']>>): T {
  if (result.ok) return result.data as T;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  if (result.status === 404 || result.status === 400) {
    throw data({ message: result.error['error-msg'] }, { status: 404 });
  }
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

/** The connector id behind /connectors/maintenance/status/{stationUid}/{connectorUid}. */
export async function connectorIdByUids(
  request: Request,
  context: AppLoadContext,
  me: Me,
  stationUid: string,
  connectorUid: string,
) {
  const api = createApi(request, context);
  const found = unwrap<{ id: number }>(
    me,
    await api.send(
      api.client.api.maintenance.status[':stationUid'][':connectorUid'].$get({ param: { stationUid, connectorUid } }),
    ),
  );
  return String(found.id);
}

export async function loadMaintenance(request: Request, context: AppLoadContext, me: Me, id: string) {
  const api = createApi(request, context);
  const url = new URL(request.url);
  const canLogs = me.permissions.includes('connectors:logs');
  const canStart = me.permissions.includes('connectors:command:basic');
  const keyword = url.searchParams.get('users');
  const [connector, sessions, logs, users] = await Promise.all([
    api.send(api.client.api.connectors[':id'].$get({ param: { id } })),
    api.send(api.client.api.connectors[':id']['recent-sessions'].$get({ param: { id }, query: { limit: '5' } })),
    canLogs
      ? api.send(api.client.api['customer-services'].logs.$get({ query: { connector_id: id, items_per_page: '10' } }))
      : null,
    canStart && keyword !== null
      ? api.send(api.client.api.maintenance[':id'].users.$get({ param: { id }, query: { keyword } }))
      : null,
  ]);
  const detail = unwrap<ConnectorDetail>(me, connector);
  // The station's scheduled availability changes (kept by its charge point object).
  const schedules = await api.send(
    api.client.api.stations[':uid']['scheduled-availability'].$get({ param: { uid: detail.station.uid } }),
  );
  return {
    connector: detail,
    schedules: schedules.ok ? schedules.data.data : null,
    sessions: sessions.ok ? sessions.data.data : [],
    logs: logs?.ok ? logs.data : null,
    users: users?.ok ? users.data.data : null,
  };
}

export const COMMAND_INTENTS = [
  'start',
  'stop',
  'unlock',
  'reset-soft',
  'reset-hard',
  'set-operative',
  'set-inoperative',
  'station-out-of-order',
  'station-available',
] as const;
export type CommandIntent = (typeof COMMAND_INTENTS)[number];

/** What the page shows after a command: the charge point's answer, or why nothing was done. */
export interface CommandOutcome {
  /** Tells two equal outcomes in a row apart. */
  id: string;
  intent: CommandIntent;
  /** The API answered 200: the charge point answered; `succeeded` says whether it did what was asked. */
  answered: boolean;
  succeeded: boolean;
  /** The charge point's own status word (Accepted, Rejected, Unlocked, UnlockFailed, Scheduled…). */
  replyStatus: string | null;
  /** The API's message when it did not reach an answer (offline, timeout, refused, forbidden…). */
  message: string | null;
  httpStatus: number;
}

const isIntent = (value: unknown): value is CommandIntent => COMMAND_INTENTS.includes(value as CommandIntent);

export async function runCommand(
  request: Request,
  context: AppLoadContext,
  me: Me,
  id: string,
  form: FormData,
): Promise<CommandOutcome | null> {
  const intent = form.get('intent');
  if (!isIntent(intent)) return null;
  const api = createApi(request, context, { language: me.user.language });
  const m = api.client.api.maintenance[':id'];
  const uid = String(form.get('connectorUid') ?? '');
  const userId = String(form.get('userId') ?? '');
  const calls = {
    start: () => m[':userId'].start.$post({ param: { id, userId } }),
    stop: () => m[':userId'].stop.$post({ param: { id, userId: userId || String(me.user.id) } }),
    unlock: () => m.unlock.$post({ param: { id } }),
    'reset-soft': () => m.reset.$post({ param: { id }, query: { type: 'Soft' } }),
    'reset-hard': () => m.reset.$post({ param: { id }, query: { type: 'Hard' } }),
    'set-operative': () => api.client.api.connectors[':uid']['set-connector-operative'].$post({ param: { uid } }),
    'set-inoperative': () => api.client.api.connectors[':uid']['set-connector-inoperative'].$post({ param: { uid } }),
    'station-out-of-order': () => m['station-out-of-order'].$post({ param: { id } }),
    'station-available': () => m['station-available'].$post({ param: { id } }),
  } satisfies Record<CommandIntent, () => Promise<unknown>>;
  const result = await api.send(calls[intent]());
  return {
    id: crypto.randomUUID(),
    intent,
    answered: result.ok,
    succeeded: result.ok && result.data.succeeded,
    replyStatus: result.ok ? result.data.status : null,
    message: result.ok ? null : result.error['error-msg'] || null,
    httpStatus: result.status,
  };
}

/** What the page shows after scheduling or cancelling an availability change. */
export interface ScheduleOutcome {
  id: string;
  kind: 'schedule' | 'cancel-schedule';
  ok: boolean;
  /** The due time of the new entry (ISO, UTC). */
  dueAt: string | null;
  /** The API's message when it refused (validation text for a bad field). */
  message: string | null;
}

/**
 * Scheduling (`intent=schedule`: stationUid, connectorId, type, at as ISO) or cancelling
 * (`intent=cancel-schedule`: stationUid, scheduleId) a ChangeAvailability; null for other intents.
 */
export async function runSchedule(
  request: Request,
  context: AppLoadContext,
  me: Me,
  form: FormData,
): Promise<ScheduleOutcome | null> {
  const intent = form.get('intent');
  if (intent !== 'schedule' && intent !== 'cancel-schedule') return null;
  const api = createApi(request, context, { language: me.user.language });
  const uid = String(form.get('stationUid') ?? '');
  const routes = api.client.api.stations[':uid']['scheduled-availability'];
  if (intent === 'cancel-schedule') {
    const id = String(form.get('scheduleId') ?? '');
    const result = await api.send(routes[':id'].$delete({ param: { uid, id } }));
    return {
      id: crypto.randomUUID(),
      kind: intent,
      ok: result.ok,
      dueAt: null,
      message: result.ok ? null : result.error['error-msg'] || null,
    };
  }
  const type = form.get('type') === 'Operative' ? 'Operative' : 'Inoperative';
  const result = await api.send(
    routes.$post({
      param: { uid },
      json: { connector_id: Number(form.get('connectorId') ?? -1), type, at: String(form.get('at') ?? '') },
    }),
  );
  const fieldMessage = result.ok ? null : (result.error.issues?.[0]?.message ?? null);
  return {
    id: crypto.randomUUID(),
    kind: intent,
    ok: result.ok,
    dueAt: result.ok ? result.data.due_at : null,
    message: result.ok ? null : fieldMessage || result.error['error-msg'] || null,
  };
}

/** Everything the maintenance view needs, for the connector `id`. */
export async function maintenanceData(request: Request, context: AppLoadContext, me: Me, id: string) {
  const loaded = await loadMaintenance(request, context, me, id);
  // The station's reservations (and its OCPP version): the reservations and network profile cards.
  const reservations = await loadReservations(createApi(request, context), me, loaded.connector.station.uid);
  return {
    ...loaded,
    reservations,
    permissions: me.permissions,
    companyId: me.company.id,
    timeZone: me.company.timeZone,
    language: me.user.language,
    currency: me.company.currency,
  };
}
