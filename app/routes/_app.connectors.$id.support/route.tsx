/**
 * @module /connectors/{id}/support: the support agent's page of a connector (spec sections 2 and 6):
 * its live state, latest sessions and the customer-service log of what was done on it, read only.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ConnectorLogCard, RecentSessionsCard, StateCard } from '../../components/maintenance/maintenance-cards';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { connectorLinks } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import { maintenanceData } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.links.support');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:support');
  return maintenanceData(request, context, me, params.id ?? '');
}

export default function ConnectorSupportPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const c = data.connector;
  useLiveFeed(data.companyId);
  const canMaintain = data.permissions.includes('connectors:command:basic');
  return (
    <Page
      title={t('maintenance.support.title', { evse: c.evseId ?? c.uid })}
      subtitle={`${c.station.name} · ${c.station.city ?? ''}`}
      titleMetadata={<Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>}
      backAction={{ content: t('maintenance.back'), url: connectorLinks.detail(c.id) }}
      secondaryActions={[
        { content: t('maintenance.links.detail'), url: connectorLinks.detail(c.id) },
        ...(canMaintain
          ? [{ content: t('maintenance.links.maintenance'), url: connectorLinks.maintenance(c.id) }]
          : []),
      ]}
    >
      <BlockStack gap="400">
        <Banner tone="info">
          <p>{t('maintenance.support.intro')}</p>
          {!canMaintain && <p>{t('maintenance.support.askMaintenance')}</p>}
        </Banner>
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <StateCard data={data} />
              <RecentSessionsCard data={data} />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <ConnectorLogCard data={data} />
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
