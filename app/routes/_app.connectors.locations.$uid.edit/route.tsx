/** @module /connectors/locations/{uid}/edit: change a location's address, coordinates and details. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { readLocation } from '../../components/groups/location.server';
import { LocationForm, locationBody } from '../../components/groups/location-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.locations.edit');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const l = must(await readLocation(api, params.uid ?? ''), me);
  return {
    uid: l.uid,
    values: {
      name: l.name,
      address: l.address,
      streetNumber: l.streetNumber ?? '',
      postalCode: l.postalCode,
      city: l.city,
      country: l.country,
      latitude: String(l.latitude),
      longitude: String(l.longitude),
      timeZone: l.timeZone,
      directions: l.directions ?? '',
      openingHours: l.openingHours ?? '',
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const uid = params.uid ?? '';
  const parsed = locationBody(await request.formData(), { uid });
  if ('badCoordinate' in parsed) {
    return data({ error: '', field: parsed.badCoordinate, coordinate: true }, { status: 400 });
  }
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read(await api.client.api.location.$put({ json: parsed.body }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/connectors/locations/${encodeURIComponent(uid)}`, { headers: api.headers() });
}

export default function EditLocation() {
  const { t } = useTranslation();
  const { uid, values } = useLoaderData<typeof loader>();
  return (
    <LocationForm
      title={t('groups.locations.edit')}
      back={`/connectors/locations/${encodeURIComponent(uid)}`}
      submitLabel={t('groups.locations.save')}
      initial={values}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
