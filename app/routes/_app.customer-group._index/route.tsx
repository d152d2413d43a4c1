/**
 * @module /customer-group: the customer groups of the company tree, each linking to its edit page, its
 * overview and its session list; a deleted group can be reactivated from its row (spec 7.14 PATCH).
 */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare';
import { Link, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { Badge, Button, Card, EmptyState, IndexTable, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

const money = (minor: number | null, currency?: string) => (minor === null ? null : formatMoney(minor, currency));

import { idOf } from '../../components/customer-groups/group-id';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroups.title');

const PER_PAGE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page')) || 0);
  const api = createApi(request, context);
  const result = await api.send(
    api.client.api['customer-type'].$get({
      query: { page: String(page), items_per_page: String(PER_PAGE), include_deleted: 'true' },
    }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ message: result.error['error-msg'] }, { status: result.status });
  }
  return { ...result.data, page, company: me.company.name, currency: me.company.currency ?? 'EUR' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const id = idOf(String(form.get('id') ?? ''));
  const result = await api.send(api.client.api['customer-type'][':id'].$patch({ param: { id } }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ message: result.error['error-msg'] }, { status: result.status });
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search.replace(/[?&]index(=[^&]*)?/, '')}`, { headers: api.headers() });
}

export default function CustomerGroups() {
  const { t } = useTranslation();
  const { data: groups, total, page, company, currency } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [params] = useSearchParams();
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    navigate(`?${next}`);
  };
  const yesNo = (v: boolean) => (v ? t('customerGroups.yes') : t('customerGroups.no'));
  return (
    <Page
      title={t('customerGroups.title')}
      subtitle={t('customerGroups.subtitle', { company })}
      primaryAction={{ content: t('customerGroups.form.create'), url: '/customer-group/create' }}
    >
      <Card padding="0">
        {total === 0 ? (
          <EmptyState
            heading={t('customerGroups.emptyTitle')}
            action={{ content: t('customerGroups.form.create'), url: '/customer-group/create' }}
            image=""
          >
            <p>{t('customerGroups.emptyBody')}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: t('customerGroups.title'), plural: t('customerGroups.title') }}
            itemCount={groups.length}
            selectable={false}
            headings={[
              { title: t('customerGroups.colName') },
              { title: t('customerGroups.colMembers'), alignment: 'end' },
              { title: t('customerGroups.colMaxPrice'), alignment: 'end' },
              { title: t('customerGroups.colHideRoaming') },
              { title: t('customerGroups.colDisablePayment') },
              { title: t('customerGroups.colStatus') },
              { title: t('customerGroups.sessions') },
            ]}
            pagination={{
              hasPrevious: page > 0,
              hasNext: (page + 1) * PER_PAGE < total,
              onPrevious: () => go(page - 1),
              onNext: () => go(page + 1),
            }}
          >
            {groups.map((g, i) => (
              <IndexTable.Row id={String(g.id)} key={g.id} position={i}>
                <IndexTable.Cell>
                  <Link to={`/customer-group/${g.id}/edit`}>
                    <Text as="span" fontWeight="semibold">
                      {g.name}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {g.members}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {money(g.max_price_excl_vat, currency) ?? t('customerGroups.noMaxPrice')}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{yesNo(g.hide_roaming)}</IndexTable.Cell>
                <IndexTable.Cell>{yesNo(g.disable_payment)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge tone={g.active ? 'success' : undefined}>
                    {g.active ? t('customerGroups.active') : t('customerGroups.deleted')}
                  </Badge>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <InlineStack gap="300" blockAlign="center">
                    <Link to={`/customer-group/${g.id}/overview`}>{t('customerGroupMembers.overview')}</Link>
                    <Link to={`/customer-group/${g.id}/sessions/list`}>{t('customerGroups.sessions')}</Link>
                    {g.active ? null : (
                      <Button
                        size="slim"
                        accessibilityLabel={`${t('customerGroupMembers.reactivate')} ${g.name}`}
                        loading={navigation.formData?.get('id') === String(g.id)}
                        onClick={() => submit({ id: String(g.id) }, { method: 'post' })}
                      >
                        {t('customerGroupMembers.reactivate')}
                      </Button>
                    )}
                  </InlineStack>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
