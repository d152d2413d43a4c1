/** @module /connectors/groups: the connector groups (tags) of the scope, searched and paginated (spec 3 list query). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Box, Card, EmptyState, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { listQuery, listState, PAGE_SIZE, SearchField, useListUrl } from '../../components/groups/list-page';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.list.title');

export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  companyName: string;
  connectorCount: number;
  createdAt: string;
  updatedAt: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const state = listState(new URL(request.url));
  const api = createApi(request, context, { language: me.user.language });
  const page = must(await api.send(api.client.api.tags.$get({ query: listQuery(state) })), me);
  return { ...page, state, canEdit: me.permissions.includes('stations:edit'), language: me.user.language };
}

export default function ConnectorGroups() {
  const { t } = useTranslation();
  const { data, total, state, canEdit, language } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { query, setQuery, goTo } = useListUrl(state);
  const create = canEdit ? { content: t('groups.list.create'), url: '/connectors/add-group' } : undefined;
  return (
    <Page title={t('groups.list.title')} subtitle={t('groups.list.subtitle')} primaryAction={create}>
      <Card padding="0">
        <Box padding="300">
          <SearchField
            label={t('groups.list.search')}
            placeholder={t('groups.list.searchPlaceholder')}
            value={query}
            onChange={setQuery}
          />
        </Box>
        <IndexTable
          resourceName={{ singular: t('groups.list.one'), plural: t('groups.list.many') }}
          itemCount={data.length}
          selectable={false}
          emptyState={
            state.q ? (
              <EmptyState heading={t('groups.list.noMatch')} image="">
                <p>{t('groups.list.noMatchBody')}</p>
              </EmptyState>
            ) : (
              <EmptyState heading={t('groups.list.emptyTitle')} image="" action={create}>
                <p>{t('groups.list.emptyBody')}</p>
              </EmptyState>
            )
          }
          headings={[
            { title: t('groups.fields.name') },
            { title: t('groups.fields.description') },
            { title: t('groups.fields.company') },
            { title: t('groups.fields.connectors'), alignment: 'end' },
            { title: t('groups.fields.updated') },
          ]}
          pagination={listPagination(state.page, total, PAGE_SIZE, goTo, t('groups.list.count', { count: total }))}
        >
          {data.map((g, i) => (
            <IndexTable.Row
              id={String(g.id)}
              key={g.id}
              position={i}
              onClick={() => navigate(`/connectors/groups/${g.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {g.name}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{g.description ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{g.companyName}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {g.connectorCount}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{formatDate(g.updatedAt ?? g.createdAt, { language })}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
