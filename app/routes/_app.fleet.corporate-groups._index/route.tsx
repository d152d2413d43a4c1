/** @module /fleet/corporate-groups: the corporate groups of the scope with their user counts. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Card, EmptyState, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.title');

export interface Group {
  id: number;
  name: string;
  company_id: number;
  company_name: string | null;
  user_count: number;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const api = createApi(request, context);
  const groups = must(await api.send(api.client.api.users.group.$get()), me);
  return { groups: groups.data, canManage: me.permissions.includes('fleet:users:manage') };
}

export default function CorporateGroups() {
  const { t } = useTranslation();
  const { groups, canManage } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <Page
      title={t('fleet.groups.title')}
      primaryAction={
        canManage ? { content: t('fleet.groups.create'), url: '/fleet/create/corporate-groups' } : undefined
      }
      secondaryActions={
        canManage ? [{ content: t('fleet.groups.addUsers'), url: '/fleet/corporate-groups/add/user' }] : []
      }
    >
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: t('fleet.groups.title'), plural: t('fleet.groups.title') }}
          itemCount={groups.length}
          selectable={false}
          emptyState={
            <EmptyState
              heading={t('fleet.groups.emptyTitle')}
              image=""
              action={
                canManage ? { content: t('fleet.groups.create'), url: '/fleet/create/corporate-groups' } : undefined
              }
            >
              <p>{t('fleet.groups.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('fleet.groups.name') },
            { title: t('fleet.groups.company') },
            { title: t('fleet.groups.users'), alignment: 'end' },
          ]}
        >
          {groups.map((g, i) => (
            <IndexTable.Row
              id={String(g.id)}
              key={g.id}
              position={i}
              onClick={() => navigate(`/fleet/corporate-groups/${g.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {g.name}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{g.company_name ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {g.user_count}
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
