/**
 * @module /customer-group/{userGroupId}/overview: the group's sessions, energy and amounts per month of
 * a year (visx), its members (search, pages, each linking to their detail) and adding members found
 * by e-mail or name.
 */

import { cetDateTime } from '@domain/sessions/display';
import type { MetaFunction } from '@remix-run/cloudflare';
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
import { AppRouteErrorBoundary } from '../../components/route-error';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { AddMemberCard, memberName, PER_PAGE } from './add-member-card';
import { addMember, loadOverview } from './overview.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroupMembers.overview');

export const loader = loadOverview;
export const action = addMember;

export default function CustomerGroupOverview() {
  const { t, i18n } = useTranslation();
  const { group, overview, members, candidates, year, thisYear, keyword, page, find } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const _navigation = useNavigation();
  const _submit = useSubmit();
  const [q, setQ] = useState(keyword);
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
  const series = (value: (m: (typeof months)[number]) => number) =>
    months.map((m) => ({ period: monthLabel(m.month), value: value(m) }));
  const sum = (value: (m: (typeof months)[number]) => number) => months.reduce((a, m) => a + value(m), 0);
  const number = (v: number, digits = 0) => formatNumber(v, { currency, maximumFractionDigits: digits });
  const empty = months.every((m) => m.sessions === 0 && m.members === 0);
  const unpriced = sum((m) => m.unpriced);
  const charts = [
    {
      key: 'sessions',
      title: t('customerGroupMembers.sessions'),
      color: '#47b881',
      value: (m: (typeof months)[number]) => m.sessions,
    },
    {
      key: 'energy',
      title: t('customerGroupMembers.energy'),
      color: '#2c6ecb',
      value: (m: (typeof months)[number]) => m.energy_wh / 1000,
      digits: 1,
    },
    {
      key: 'amount',
      title: t('customerGroupMembers.amount', { currency }),
      color: '#b98900',
      value: (m: (typeof months)[number]) => (m.amount_incl_vat ?? 0) / 100,
      digits: 2,
    },
    {
      key: 'members',
      title: t('customerGroupMembers.membersPerMonth'),
      color: '#5c6ac4',
      value: (m: (typeof months)[number]) => m.members,
      noTotal: true,
    },
    {
      key: 'drivers',
      title: t('customerGroupMembers.drivers'),
      color: '#8a61d4',
      value: (m: (typeof months)[number]) => m.drivers,
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
          <AddMemberCard
            groupId={group.id}
            candidates={candidates}
            find={find}
            onFind={(text) => set({ find: text })}
          />
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
