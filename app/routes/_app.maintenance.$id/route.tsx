/** @module /maintenance/{id}: the maintenance tickets of connector {id}. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Card,
  EmptyState,
  InlineStack,
  Page,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { PRIORITY_TONE } from '../../components/maintenance/ticket-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { connectorLinks } from '../../lib/connector-links';
import { formatDateTime } from '../../lib/format';
import { type ConnectorDetail, unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import type { Ticket } from '../../lib/tickets.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.tickets.tickets');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'tickets:manage');
  const id = params.id ?? '';
  const api = createApi(request, context);
  const [connector, tickets] = await Promise.all([
    api.send(api.client.api.connectors[':id'].$get({ param: { id } })),
    api.send(api.client.api.maintenance[':connectorId'].$get({ param: { connectorId: id } })),
  ]);
  return {
    connector: unwrap<ConnectorDetail>(me, connector),
    tickets: unwrap<{ data: Ticket[] }>(me, tickets).data,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

export default function ConnectorTicketsPage() {
  const { t } = useTranslation();
  const { connector: c, tickets, timeZone, language } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('maintenance.tickets.connectorTitle', { evse: c.evseId ?? c.uid })}
      subtitle={c.station.name}
      backAction={{ content: t('maintenance.links.maintenance'), url: connectorLinks.maintenance(c.id) }}
      primaryAction={{ content: t('maintenance.tickets.add'), url: `/maintenance/add/${c.id}` }}
    >
      <Card padding="0">
        {tickets.length === 0 ? (
          <EmptyState heading={t('maintenance.tickets.empty')} image="" />
        ) : (
          <ResourceList
            items={tickets}
            renderItem={(ticket) => (
              <ResourceItem id={String(ticket.id)} url={`/maintenances/${ticket.id}`} accessibilityLabel={ticket.title}>
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {ticket.title}
                    </Text>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {formatDateTime(ticket.created_at, { timeZone, language })} · {ticket.created_by ?? '—'}
                    </Text>
                  </BlockStack>
                  {ticket.resolved ? (
                    <Badge tone="success">{t('maintenance.tickets.priorities.resolved')}</Badge>
                  ) : (
                    <Badge tone={PRIORITY_TONE[ticket.priority]}>
                      {tKey(t, `maintenance.tickets.priorities.${ticket.priority}`)}
                    </Badge>
                  )}
                </InlineStack>
              </ResourceItem>
            )}
          />
        )}
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
