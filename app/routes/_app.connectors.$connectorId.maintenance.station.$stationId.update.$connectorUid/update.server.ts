/**
 * @module The station update page's server side: the station and the owners it may be given
 * (loader), and a save that sends the form's fields to PATCH stations/{id}/detail (action).
 */
import { readStationAddress } from '@domain/stations/address';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { unwrap } from '../../lib/maintenance.server';
import { requirePermission } from '../../lib/session.server';
import { DATES, DECIMALS, FLAGS, INTEGERS, TEXTS } from './fields';

type StationDetail = InferResponseType<Api['client']['api']['stations'][':id']['detail']['$get'], 200>;

/** Optional texts: empty means cleared. */
const NULLABLE = new Set([
  'directions',
  'plugType',
  'plugFormat',
  'urlType',
  'brand',
  'model',
  'profile',
  'serialNumber',
  'midMeterSerial',
  'meterPublicKey',
  'paymentTerminalSerial',
  'energyStorageUrl',
  'renewableCertificate',
]);
export async function loadStationUpdate({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context);
  const station = unwrap<StationDetail>(
    me,
    await api.send(api.client.api.stations[':id'].detail.$get({ param: { id: params.stationId ?? '' } })),
  );
  return {
    station,
    owners: selectedSubtree(flattenCompanies(me.companies), me.company.id),
    connectorId: params.connectorId ?? '',
  };
}

/** The selected company and its descendants: the owners the API accepts. */
function selectedSubtree(all: ReturnType<typeof flattenCompanies>, id: number) {
  const start = all.findIndex((c) => c.id === id);
  const root = all[start];
  if (!root) return [];
  const out = [root];
  for (const c of all.slice(start + 1)) {
    if (c.depth <= root.depth) break;
    out.push(c);
  }
  return out;
}

type Errors = Record<string, string>;

export async function saveStationUpdate({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const body: Record<string, unknown> = {};
  const errors: Errors = {};
  for (const name of TEXTS) body[name] = NULLABLE.has(name) && value(name) === '' ? null : value(name);
  for (const name of DATES) body[name] = value(name) || null;
  for (const name of FLAGS) body[name] = form.get(name) === 'on';
  for (const name of INTEGERS) {
    const v = value(name);
    if (v === '') body[name] = null;
    else if (/^\d+$/.test(v)) body[name] = Number(v);
    else errors[name] = 'maintenance.update.notANumber';
  }
  for (const name of DECIMALS) {
    const v = value(name);
    if (v === '') body[name] = null;
    else if (/^\d+(\.\d+)?$/.test(v)) body[name] = Number(v);
    else errors[name] = 'maintenance.update.notADecimal';
  }
  // The decimal separator is the dot (spec section 5): anything else goes as typed, and the API says why.
  Object.assign(body, readStationAddress(form));
  body.type = value('type');
  body.powerType = value('powerType') || null;
  body.ocppVersion = value('ocppVersion') || null;
  body.ownerId = value('ownerId') ? Number(value('ownerId')) : null;
  if (Object.keys(errors).length) return data({ ok: false, message: null, errors, keys: true }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.send(
    api.client.api.stations[':id'].detail.$patch({
      param: { id: params.stationId ?? '' },
      json: body as never,
    }),
  );
  if (res.ok) return { ok: true, message: null, errors: {} as Errors, keys: false };
  if (res.status === 403 || res.status === 404) unwrap(me, res);
  const fieldErrors: Errors = {};
  for (const issue of res.error.issues ?? []) fieldErrors[issue.field] ??= issue.message;
  if (res.error.field && !fieldErrors[res.error.field]) fieldErrors[res.error.field] = res.error['error-msg'];
  return data({ ok: false, message: res.error['error-msg'], errors: fieldErrors, keys: false }, { status: 400 });
}
