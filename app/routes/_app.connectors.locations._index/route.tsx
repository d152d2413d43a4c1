/** @module /connectors/locations: the locations of the scope, searched and paginated. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Box, Card, EmptyState, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { listQuery, listState, PAGE_SIZE, SearchField, useListUrl } from '../../components/groups/list-page';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.locations.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const state = listState(new URL(request.url));
  const api = createApi(request, context, { language: me.user.language });
  const page = must(await api.send(api.client.api.locations.$get({ query: listQuery(state) })), me);
  return { ...page, state, canEdit: me.permissions.includes('stations:edit') };
}

export default function Locations() {
  const { t } = useTranslation();
  const { data, total, state, canEdit } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { query, setQuery, goTo } = useListUrl(state);
  const add = canEdit ? { content: t('groups.locations.add'), url: '/connectors/locations/add' } : undefined;
  return (
    <Page title={t('groups.locations.title')} subtitle={t('groups.locations.subtitle')} primaryAction={add}>
      <Card padding="0">
        <Box padding="300">
          <SearchField
            label={t('groups.locations.search')}
            placeholder={t('groups.locations.searchPlaceholder')}
            value={query}
            onChange={setQuery}
          />
        </Box>
        <IndexTable
          resourceName={{ singular: t('groups.locations.one'), plural: t('groups.locations.title') }}
          itemCount={data.length}
          selectable={false}
          emptyState={
            state.q ? (
              <EmptyState heading={t('groups.locations.noMatch')} image="">
                <p>{t('groups.list.noMatchBody')}</p>
              </EmptyState>
            ) : (
              <EmptyState heading={t('groups.locations.emptyTitle')} image="" action={add}>
                <p>{t('groups.locations.emptyBody')}</p>
              </EmptyState>
            )
          }
          headings={[
            { title: t('groups.locations.name') },
            { title: t('groups.locations.address') },
            { title: t('groups.locations.city') },
            { title: t('groups.locations.company') },
            { title: t('groups.locations.stations'), alignment: 'end' },
          ]}
          pagination={listPagination(state.page, total, PAGE_SIZE, goTo, t('groups.locations.count', { count: total }))}
        >
          {data.map((l, i) => (
            <IndexTable.Row
              id={l.uid}
              key={l.uid}
              position={i}
              onClick={() => navigate(`/connectors/locations/${encodeURIComponent(l.uid)}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {l.name}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{[l.streetNumber, l.address].filter(Boolean).join(' ')}</IndexTable.Cell>
              <IndexTable.Cell>{`${l.postalCode} ${l.city} (${l.country})`}</IndexTable.Cell>
              <IndexTable.Cell>{l.companyName}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {l.stationCount}
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
