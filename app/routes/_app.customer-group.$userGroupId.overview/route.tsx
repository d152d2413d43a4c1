/**
 * @module /customer-group/{userGroupId}/overview: the group's sessions, energy and amounts per month of
 * a year (visx), its members (search, pages, each linking to their detail) and adding members found
 * by e-mail or name.
 */

import { cetDateTime } from '@domain/sessions/display';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineGrid,
  InlineStack,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { idOf } from '../../components/customer-groups/group-id';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroupMembers.overview');

const PER_PAGE = 25;

interface Month {
  month: number;
  sessions: number;
  unpriced: number;
  energy_wh: number;
  amount_incl_vat: number | null;
  /** Users who were members at any time in the month (membership history). */
  members: number;
  drivers: number;
}
interface Member {
  user_id: number;
  private: boolean;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  status: string;
  added_at: string;
}
interface Candidate {
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  customer_group_id: number | null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const url = new URL(request.url);
  const thisYear = new Date().getUTCFullYear();
  const y = Number(url.searchParams.get('year'));
  const year = Number.isInteger(y) && y >= 2000 && y <= thisYear ? y : thisYear;
  const keyword = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = Math.max(0, Math.trunc(Number(url.searchParams.get('page')) || 0));
  const find = (url.searchParams.get('find') ?? '').trim().slice(0, 100);
  const one = api.client.api['customer-type'][':id'];
  const [group, overview, members, candidates] = await Promise.all([
    api.send(one.$get({ param: { id } })),
    api.send(one.overview.$get({ param: { id }, query: { year: String(year) } })),
    api.send(
      one.users.$post({ param: { id }, json: { keyword: keyword || undefined, page, items_per_page: PER_PAGE } }),
    ),
    find
      ? api.send(
          api.client.api['customer-type'].users.search.$post({
            json: { customer_group_id: Number(id), keyword: find, limit: 20 },
          }),
        )
      : null,
  ]);
  return {
    group: must(group, me).data,
    overview: must(overview, me).data,
    members: must(members, me),
    candidates: candidates ? must(candidates, me).data : null,
    year,
    thisYear,
    keyword,
    page,
    find,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const form = await request.formData();
  const userId = idOf(String(form.get('userId') ?? ''));
  const result = await api.send(
    api.client.api['customer-type'][':id'].users[':userId'].$put({ param: { id, userId } }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'] }, { status: result.status });
  }
  // Back to the list with the search cleared: the new member shows in it.
  const next = new URL(request.url);
  next.searchParams.delete('find');
  next.searchParams.delete('index');
  return redirect(`${next.pathname}${next.search}`, { headers: api.headers() });
}

function memberName(m: Member | Candidate, privateLabel: string) {
  if ('private' in m && m.private) return privateLabel;
  const name = [m.first_name, m.last_name].filter(Boolean).join(' ');
  return name || (m.email ?? privateLabel);
}

export default function CustomerGroupOverview() {
  const { t, i18n } = useTranslation();
  const { group, overview, members, candidates, year, thisYear, keyword, page, find } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [q, setQ] = useState(keyword);
  const [findText, setFindText] = useState(find);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const currency = overview.currency;
  const months = overview.months;
  const monthLabel = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
  const series = (value: (m: Month) => number) => months.map((m) => ({ period: monthLabel(m.month), value: value(m) }));
  const sum = (value: (m: Month) => number) => months.reduce((a, m) => a + value(m), 0);
  const number = (v: number, digits = 0) => formatNumber(v, { currency, maximumFractionDigits: digits });
  const empty = months.every((m) => m.sessions === 0 && m.members === 0);
  const unpriced = sum((m) => m.unpriced);
  const charts = [
    { key: 'sessions', title: t('customerGroupMembers.sessions'), color: '#47b881', value: (m: Month) => m.sessions },
    {
      key: 'energy',
      title: t('customerGroupMembers.energy'),
      color: '#2c6ecb',
      value: (m: Month) => m.energy_wh / 1000,
      digits: 1,
    },
    {
      key: 'amount',
      title: t('customerGroupMembers.amount', { currency }),
      color: '#b98900',
      value: (m: Month) => (m.amount_incl_vat ?? 0) / 100,
      digits: 2,
    },
    {
      key: 'members',
      title: t('customerGroupMembers.membersPerMonth'),
      color: '#5c6ac4',
      value: (m: Month) => m.members,
      noTotal: true,
    },
    {
      key: 'drivers',
      title: t('customerGroupMembers.drivers'),
      color: '#8a61d4',
      value: (m: Month) => m.drivers,
      noTotal: true,
    },
  ];
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  const privateLabel = (id: number) => t('customerGroupMembers.privateMember', { id });
  return (
    <Page
      title={t('customerGroupMembers.overviewTitle', { name: group.name })}
      subtitle={t('customerGroupMembers.membersCount', { count: overview.members })}
      backAction={{ content: t('customerGroups.back'), url: '/customer-group' }}
      secondaryActions={[
        { content: t('customerGroups.sessions'), url: `/customer-group/${group.id}/sessions/list` },
        { content: t('customerGroups.form.edit'), url: `/customer-group/${group.id}/edit` },
      ]}
    >
      <BlockStack gap="400">
        {group.active ? null : (
          <Banner tone="warning">
            <Text as="p">{t('customerGroups.form.deletedBanner')}</Text>
          </Banner>
        )}
        <InlineStack gap="400" blockAlign="center">
          <Select
            label={t('customerGroupMembers.year')}
            labelInline
            options={years}
            value={String(year)}
            onChange={(v) => set({ year: v })}
          />
        </InlineStack>
        {empty ? (
          <Card>
            <Text as="p">{t('customerGroupMembers.empty', { year })}</Text>
          </Card>
        ) : (
          <>
            {unpriced > 0 ? (
              <Banner tone="info">
                <Text as="p">{t('customerGroupMembers.unpriced', { count: unpriced })}</Text>
              </Banner>
            ) : null}
            <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
              {charts.map((c) => (
                <Card key={c.key}>
                  <BlockStack gap="200">
                    <InlineStack align="space-between">
                      <Text as="h2" variant="headingMd">
                        {c.title}
                      </Text>
                      {'noTotal' in c ? null : (
                        <Text as="span" tone="subdued">
                          {t('customerGroupMembers.total', { value: number(sum(c.value), c.digits) })}
                        </Text>
                      )}
                    </InlineStack>
                    <BarChart
                      data={series(c.value)}
                      color={c.color}
                      title={c.title}
                      format={(v) => number(v, c.digits)}
                    />
                  </BlockStack>
                </Card>
              ))}
            </InlineGrid>
          </>
        )}
        <Card padding="0">
          <BlockStack gap="200">
            <div style={{ padding: 'var(--p-space-400)' }}>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t('customerGroupMembers.members')}
                </Text>
                <Form
                  method="get"
                  onSubmit={(e) => {
                    e.preventDefault();
                    set({ q, page: null });
                  }}
                >
                  <TextField
                    label={
                      group.user_privacy ? t('customerGroupMembers.filterPrivate') : t('customerGroupMembers.filter')
                    }
                    value={q}
                    onChange={setQ}
                    autoComplete="off"
                    clearButton
                    onClearButtonClick={() => {
                      setQ('');
                      set({ q: null, page: null });
                    }}
                    connectedRight={<Button submit>{t('customerGroupMembers.search')}</Button>}
                  />
                </Form>
              </BlockStack>
            </div>
            {members.total === 0 ? (
              <div style={{ padding: '0 var(--p-space-400) var(--p-space-400)' }}>
                <Text as="p" tone="subdued">
                  {keyword ? t('customerGroupMembers.noMatch') : t('customerGroupMembers.noMembers')}
                </Text>
              </div>
            ) : (
              <IndexTable
                resourceName={{
                  singular: t('customerGroupMembers.colMember'),
                  plural: t('customerGroupMembers.members'),
                }}
                itemCount={members.data.length}
                selectable={false}
                headings={[
                  { title: t('customerGroupMembers.colMember') },
                  { title: t('customerGroupMembers.colEmail') },
                  { title: t('customerGroupMembers.colAdded') },
                ]}
                pagination={{
                  hasPrevious: page > 0,
                  hasNext: (page + 1) * PER_PAGE < members.total,
                  onPrevious: () => set({ page: String(page - 1) }),
                  onNext: () => set({ page: String(page + 1) }),
                }}
              >
                {members.data.map((m, i) => (
                  <IndexTable.Row id={String(m.user_id)} key={m.user_id} position={i}>
                    <IndexTable.Cell>
                      <Link to={`/customer-group/${group.id}/detail/${m.user_id}`}>
                        {memberName(m, privateLabel(m.user_id))}
                      </Link>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{m.email ?? '—'}</IndexTable.Cell>
                    <IndexTable.Cell>{cetDateTime(m.added_at, i18n.language)}</IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            )}
          </BlockStack>
        </Card>
        {group.active ? (
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('customerGroupMembers.addTitle')}
              </Text>
              <Form
                method="get"
                onSubmit={(e) => {
                  e.preventDefault();
                  set({ find: findText });
                }}
              >
                <TextField
                  label={t('customerGroupMembers.addSearch')}
                  helpText={t('customerGroupMembers.addSearchHelp')}
                  value={findText}
                  onChange={setFindText}
                  autoComplete="off"
                  connectedRight={<Button submit>{t('customerGroupMembers.search')}</Button>}
                />
              </Form>
              {candidates === null ? null : candidates.length === 0 ? (
                <Text as="p" tone="subdued">
                  {t('customerGroupMembers.noCandidates')}
                </Text>
              ) : (
                <BlockStack gap="200">
                  {candidates.map((u) => (
                    <InlineStack key={u.user_id} align="space-between" blockAlign="center">
                      <BlockStack>
                        <Text as="span" fontWeight="semibold">
                          {memberName(u, u.email)}
                        </Text>
                        <Text as="span" tone="subdued">
                          {u.email}
                          {u.customer_group_id !== null && u.customer_group_id !== group.id
                            ? ` · ${t('customerGroupMembers.inOtherGroup')}`
                            : ''}
                        </Text>
                      </BlockStack>
                      <Button
                        accessibilityLabel={`${t('customerGroupMembers.add')} ${u.email}`}
                        disabled={u.customer_group_id === group.id}
                        loading={navigation.formData?.get('userId') === String(u.user_id)}
                        onClick={() => submit({ userId: String(u.user_id) }, { method: 'post' })}
                      >
                        {t('customerGroupMembers.add')}
                      </Button>
                    </InlineStack>
                  ))}
                </BlockStack>
              )}
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
