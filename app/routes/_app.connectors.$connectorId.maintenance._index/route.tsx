/** @module /connectors/{connectorId}/maintenance: live state and commands of one connector. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MaintenanceView } from '../../components/maintenance/maintenance-view';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { connectorLinks, isSupportAgent } from '../../lib/connector-links';
import { maintenanceData, runCommand, runSchedule } from '../../lib/maintenance.server';
import { runStationCard } from '../../lib/maintenance-station.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.links.maintenance');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const id = params.connectorId ?? '';
  // Spec section 6: support agents are sent to the support page of a connector.
  if (isSupportAgent(me.permissions)) throw redirect(connectorLinks.support(id));
  return maintenanceData(request, context, me, id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const form = await request.formData();
  const card = await runStationCard(request, context, me, form);
  if (card) return { outcome: null, schedule: null, card };
  const schedule = await runSchedule(request, context, me, form);
  if (schedule) return { outcome: null, schedule, card: null };
  return {
    outcome: await runCommand(request, context, me, params.connectorId ?? '', form),
    schedule: null,
    card: null,
  };
}

export default function ConnectorMaintenancePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <MaintenanceView
      data={data}
      title={t('maintenance.title', { evse: data.connector.evseId ?? data.connector.uid })}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
