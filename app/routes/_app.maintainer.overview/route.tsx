/** @module /maintainer/overview: open maintenance tickets of the company tree by priority (spec part 9). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, BlockStack, Card, EmptyState, IndexTable, InlineGrid, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { PRIORITY_TONE } from '../../components/maintenance/ticket-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatDateTime } from '../../lib/format';
import { unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { PRIORITIES } from '../../lib/tickets';
import type { MaintainerOverview } from '../../lib/tickets.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.tickets.overviewTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'maintenance:view');
  const api = createApi(request, context);
  const overview = unwrap<MaintainerOverview>(me, await api.send(api.client.api.maintainer.overview.$get()));
  return { overview, timeZone: me.company.timeZone, language: me.user.language };
}

export default function MaintainerOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { overview, timeZone, language } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('maintenance.tickets.overviewTitle')}
      subtitle={`${t('maintenance.tickets.openCount', { count: overview.open })} · ${t('maintenance.tickets.resolvedCount', { count: overview.resolved })}`}
    >
      <BlockStack gap="400">
        <InlineGrid columns={{ xs: 2, md: 6 }} gap="300">
          {PRIORITIES.map((p) => (
            <Card key={p}>
              <section aria-label={tKey(t, `maintenance.tickets.priorities.${p}`)}>
                <BlockStack gap="100">
                  <Text as="h3" variant="headingSm">
                    {tKey(t, `maintenance.tickets.priorities.${p}`)}
                  </Text>
                  <Text as="p" variant="heading2xl">
                    {overview.counts[p] ?? 0}
                  </Text>
                </BlockStack>
              </section>
            </Card>
          ))}
        </InlineGrid>
        <Card padding="0">
          {overview.data.length === 0 ? (
            <EmptyState heading={t('maintenance.tickets.emptyOpen')} image="" />
          ) : (
            <IndexTable
              resourceName={{ singular: t('maintenance.tickets.tickets'), plural: t('maintenance.tickets.tickets') }}
              itemCount={overview.data.length}
              selectable={false}
              headings={[
                { title: t('maintenance.tickets.priority') },
                { title: t('maintenance.tickets.title') },
                { title: t('maintenance.tickets.connector') },
                { title: t('maintenance.tickets.operator') },
                { title: t('maintenance.tickets.created') },
              ]}
            >
              {overview.data.map((ticket, i) => (
                <IndexTable.Row
                  id={String(ticket.id)}
                  key={ticket.id}
                  position={i}
                  onClick={() => navigate(`/maintenances/${ticket.id}`)}
                >
                  <IndexTable.Cell>
                    <Badge tone={PRIORITY_TONE[ticket.priority]}>
                      {tKey(t, `maintenance.tickets.priorities.${ticket.priority}`)}
                    </Badge>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {ticket.title}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {ticket.connector_evseid ?? '—'} · {ticket.station_name}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{ticket.operator ?? '—'}</IndexTable.Cell>
                  <IndexTable.Cell>{formatDateTime(ticket.created_at, { timeZone, language })}</IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
