/** @module /connectors/locations/add: a new location (address and coordinates checked like a station's). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { LocationForm, locationBody } from '../../components/groups/location-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.locations.add');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'stations:edit');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const parsed = locationBody(await request.formData());
  if ('badCoordinate' in parsed) {
    return data({ error: '', field: parsed.badCoordinate, coordinate: true }, { status: 400 });
  }
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read<{ uid: string }>(await api.client.api.location.$put({ json: parsed.body }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/connectors/locations/${encodeURIComponent(result.data.uid)}`, { headers: api.headers() });
}

export default function AddLocation() {
  const { t } = useTranslation();
  return (
    <LocationForm
      title={t('groups.locations.add')}
      back="/connectors/locations"
      submitLabel={t('groups.locations.create')}
      initial={{
        name: '',
        address: '',
        streetNumber: '',
        postalCode: '',
        city: '',
        country: '',
        latitude: '',
        longitude: '',
        timeZone: 'Europe/Paris',
        directions: '',
        openingHours: '',
      }}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
