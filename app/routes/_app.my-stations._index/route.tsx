/**
 * @module /my-stations (issue 21 part 7, spec 7.10 GET my-stations): the caller's own home or private stations
 * (linked to them) with their connectors; each opens /my-stations/{id}. Role 55 (personal:self-charge).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, Card, EmptyState, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.stations.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  return must(await api.send(api.client.api['my-stations'].$get()), me);
}

export default function MyStations() {
  const { t } = useTranslation();
  const { data } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <Page title={t('myPages.stations.title')} subtitle={t('myPages.stations.subtitle')}>
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: t('myPages.stations.name'), plural: t('myPages.stations.title') }}
          itemCount={data.length}
          selectable={false}
          emptyState={
            <EmptyState heading={t('myPages.stations.empty')} image="">
              <p>{t('myPages.stations.emptyHelp')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('myPages.stations.name') },
            { title: t('myPages.stations.city') },
            { title: t('myPages.stations.connectors') },
          ]}
        >
          {data.map((s, index) => (
            <IndexTable.Row
              id={String(s.id)}
              key={s.id}
              position={index}
              onClick={() => navigate(`/my-stations/${s.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {s.name}
                </Text>{' '}
                {s.is_offline ? <Badge>{t('myPages.stations.offline')}</Badge> : null}
              </IndexTable.Cell>
              <IndexTable.Cell>{s.city ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                {s.connectors.map((k) => t('myPages.stations.connector', { number: k.connector_number })).join(', ') ||
                  '—'}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
