/** @module /maintenance/add/{id}: file a maintenance ticket on connector {id}. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { TicketForm } from '../../components/maintenance/ticket-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { type ConnectorDetail, unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { readTicketForm } from '../../lib/tickets.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.tickets.add');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'tickets:manage');
  const api = createApi(request, context);
  const connector = unwrap<ConnectorDetail>(
    me,
    await api.send(api.client.api.connectors[':id'].$get({ param: { id: params.id ?? '' } })),
  );
  return { connector };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'tickets:manage');
  const { fields, missing } = readTicketForm(await request.formData());
  if (missing.length) return data({ missing, message: null as string | null }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.send(
    api.client.api.maintenance.ticket.$post({ json: { connector_id: Number(params.id), ...fields } }),
  );
  if (res.ok) throw redirect(`/maintenances/${res.data.id}`);
  if (res.status === 403 || res.status === 404) unwrap(me, res);
  return data({ missing: [] as string[], message: res.error['error-msg'] }, { status: 400 });
}

export default function AddTicketPage() {
  const { t } = useTranslation();
  const { connector: c } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page
      title={t('maintenance.tickets.addTitle', { evse: c.evseId ?? c.uid })}
      subtitle={c.station.name}
      backAction={{ content: t('maintenance.tickets.tickets'), url: `/maintenance/${c.id}` }}
    >
      <TicketForm
        initial={{ title: '', problem: '', action: null, operator: null, priority: 'new', resolved: false }}
        missing={result?.missing}
        message={result?.message}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
