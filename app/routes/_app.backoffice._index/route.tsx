/**
 * @module /backoffice: the back-office staff of the caller's company tree (spec 7.7 `POST backoffice`), any
 * company type: keyword, role and state filters in the URL, paging; each row opens the staff member.
 */

import { ROLE_IDS, ROLE_KEYS, type RoleId } from '@domain/permissions/roles';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, IndexTable, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { choiceFilters } from '../../components/lists/choice-filters';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { companyName } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { formatDateTime } from '../../lib/format';
import { keyword, listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'backofficeStaff.title');

const PAGE_SIZE = 25;
const ROLE_VALUES = ROLE_IDS.map(String);
const url = listUrl({
  q: keyword({ trim: true, max: 100 }),
  role: oneOf(ROLE_VALUES),
  state: oneOf(['active', 'deleted'] as const),
  page: pageNumber(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'backoffice-users:manage');
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const page = must(
    await api.send(
      api.client.api.backoffice.$post({
        json: {
          page: state.page,
          items_per_page: PAGE_SIZE,
          ...(state.q ? { keyword: state.q } : {}),
          ...(state.role ? { role: Number(state.role) } : {}),
          state: state.state ?? 'active',
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state, companies: me.companies, language: me.user.language };
}

export default function BackofficeStaff() {
  const { t } = useTranslation();
  const { rows, total, state, companies } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const add = { content: t('backofficeStaff.add'), url: '/backoffice/create' };
  const { filters, applied } = choiceFilters([
    {
      key: 'role',
      label: t('backofficeStaff.filterRole'),
      choices: ROLE_IDS.map((id) => ({ value: String(id), label: `${id} · ${tKey(t, ROLE_KEYS[id])}` })),
      value: state.role,
      onChange: (role) => list.update({ role: role as typeof state.role }),
    },
  ]);
  return (
    <Page title={t('backofficeStaff.title')} subtitle={t('backofficeStaff.subtitle')} primaryAction={add}>
      <ListPage
        list={list}
        searchPlaceholder={t('backofficeStaff.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ role: null }}
        tabs={{
          items: [
            { id: 'active', content: t('backofficeStaff.active') },
            { id: 'deleted', content: t('backofficeStaff.deleted') },
          ],
          selected: state.state === 'deleted' ? 1 : 0,
          onSelect: (i) => list.update({ state: i === 1 ? 'deleted' : null }),
        }}
        resourceName={t('backofficeStaff.title')}
        empty={{ heading: t('backofficeStaff.emptyTitle'), body: t('backofficeStaff.emptyBody'), action: add }}
        headings={[
          { title: t('backofficeStaff.colName') },
          { title: t('backofficeStaff.colCompany') },
          { title: t('backofficeStaff.colRoles') },
          { title: t('backofficeStaff.colLastLogin') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('backofficeStaff.count', { count: total }) }}
      >
        {rows.map((u, index) => (
          <IndexTable.Row id={String(u.id)} key={u.id} position={index} onClick={() => navigate(`/backoffice/${u.id}`)}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email}
              </Text>
              <Text as="p" tone="subdued">
                {u.email}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{companyName(companies, u.company_id) ?? `#${u.company_id}`}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="100">
                {u.roles.map((id) => (
                  <Badge key={id}>{tKey(t, ROLE_KEYS[id as RoleId] ?? String(id))}</Badge>
                ))}
              </InlineStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {u.last_login_at ? formatDateTime(u.last_login_at) : t('backofficeStaff.never')}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
