/**
 * @module The vehicle page's server side: the driver's vehicle and the model catalogue (loader), and its
 * actions (save, delete, telematics webhook created, rotated or deleted), each answered as an ActionResult.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';

export type ActionResult =
  | { error: string; field?: string }
  | { secret: string; url: string }
  | { saved: true }
  | { webhookDeleted: true };

export async function loadVehicle({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:vehicles');
  const api = createApi(request, context);
  const param = { userId: String(fleetId(params.userId)), userVehicleId: String(fleetId(params.vehicleId)) };
  const [vehicle, catalog] = await Promise.all([
    api.send(api.client.api.users[':userId'].vehicles[':userVehicleId'].$get({ param })),
    api.send(api.client.api.vehicles.$get()),
  ]);
  return { vehicle: must(vehicle, me), models: must(catalog, me).data };
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();

export async function saveVehicle({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:vehicles');
  const api = createApi(request, context, { language: me.user.language });
  const param = { userId: String(fleetId(params.userId)), userVehicleId: String(fleetId(params.vehicleId)) };
  const form = await request.formData();
  const intent = text(form, 'intent');
  const fail = (result: { status: number; error: { 'error-msg': string; field?: string } }) => {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<ActionResult>(
      { error: result.error['error-msg'], field: result.error.field },
      { status: result.status },
    );
  };
  if (intent === 'delete') {
    const r = await api.send(api.client.api.users[':userId'].vehicles[':userVehicleId'].$delete({ param }));
    return r.ok ? redirect('/fleet/vehicles', { headers: api.headers() }) : fail(r);
  }
  if (intent === 'webhook-create') {
    const r = await api.send(api.client.api.users[':userId'].vehicles[':userVehicleId'].webhook.$post({ param }));
    return r.ok ? data<ActionResult>({ secret: r.data.secret, url: r.data.url }) : fail(r);
  }
  if (intent === 'save') {
    const num = (key: string) => (text(form, key) ? Number(text(form, key)) : null);
    const r = await api.send(
      api.client.api.users[':userId'].vehicles.$patch({
        param: { userId: param.userId },
        json: {
          user_vehicle_id: Number(param.userVehicleId),
          brand_id: num('brand_id'),
          model_id: num('model_id'),
          vin: text(form, 'vin') || null,
          // Left out when unchanged: the API keeps the stored plate (the form showed a placeholder in demo mode).
          ...(form.has('license_plate') ? { license_plate: text(form, 'license_plate') || null } : {}),
          telematics_provider: text(form, 'telematics_provider') || null,
        },
      }),
    );
    return r.ok ? data<ActionResult>({ saved: true }) : fail(r);
  }
  if (intent === 'webhook-rotate' || intent === 'webhook-delete') {
    const webhookId = String(fleetId(text(form, 'webhookId') || undefined));
    const hook = api.client.api.users[':userId'].vehicles[':userVehicleId'].webhook[':webhookId'];
    if (intent === 'webhook-delete') {
      const r = await api.send(hook.$delete({ param: { ...param, webhookId } }));
      return r.ok ? data<ActionResult>({ webhookDeleted: true }) : fail(r);
    }
    const r = await api.send(hook.$patch({ param: { ...param, webhookId } }));
    return r.ok ? data<ActionResult>({ secret: r.data.secret, url: r.data.url }) : fail(r);
  }
  return data<ActionResult>({ error: 'Unknown action' }, { status: 400 });
}
