/**
 * @module /connectors/locations/{uid}/load: the location page's site load card reads (and polls) the
 * limit, the shares and the draws here, and saves the limit (ADR 059). A resource route: no screen.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const api = createApi(request, context, { language: me.user.language });
  const uid = params.uid ?? '';
  return must(await api.send(api.client.api.location[':uid'].load.$get({ param: { uid } })), me);
}

const number = (v: FormDataEntryValue | null) =>
  v === null || String(v).trim() === '' ? Number.NaN : Number(String(v).replace(',', '.'));

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  const uid = params.uid ?? '';
  const current = must(await api.send(api.client.api.location[':uid'].load.$get({ param: { uid } })), me);
  const json = {
    enabled: form.get('enabled') === 'on',
    unit: form.get('unit') === 'kW' ? ('kW' as const) : ('A' as const),
    limit: number(form.get('limit')),
    min_current_a: number(form.get('min_current_a')),
    // Kept as they are: the schedule, minimums and priorities are set through the API.
    phases: current.phases === 1 ? (1 as const) : (3 as const),
    voltage: current.voltage,
    schedule: current.schedule,
    connector_minimums: current.connectorMinimums,
    group_priorities: current.groupPriorities,
  };
  const result = await api.read(await api.client.api.location[':uid'].load.$put({ param: { uid }, json }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data(
      { ok: false, error: result.error['error-msg'], field: result.error.field ?? null },
      { status: result.status },
    );
  }
  return data({ ok: true, error: null, field: null }, { headers: api.headers() });
}
