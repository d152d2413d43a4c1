/**
 * @module /customer-group/{userGroupId}/detail/{id}: one member of a customer group, their fields as the
 * group's user privacy allows, their sessions in the group and totals, and removing them after a confirmation.
 */

import { cetDateTime } from '@domain/sessions/display';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Card, DataTable, InlineGrid, Modal, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKwh as energyKwh, formatMoney } from '../../lib/format';

const money = (minor: number | null, currency?: string) => (minor === null ? null : formatMoney(minor, currency));

import { idOf } from '../../components/customer-groups/group-id';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroupMembers.members');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const userId = idOf(params.id);
  const one = api.client.api['customer-type'][':id'];
  const [group, member] = await Promise.all([
    api.send(one.$get({ param: { id } })),
    api.send(one.users[':userId'].$get({ param: { id, userId } })),
  ]);
  return {
    group: must(group, me).data,
    member: must(member, me).data,
    currency: me.company.currency ?? 'EUR',
    language: me.user.language,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const userId = idOf(params.id);
  const result = await api.send(
    api.client.api['customer-type'][':id'].users[':userId'].$delete({ param: { id, userId } }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ message: result.error['error-msg'] }, { status: result.status });
  }
  return redirect(`/customer-group/${id}/overview`, { headers: api.headers() });
}

export default function CustomerGroupMember() {
  const { t } = useTranslation();
  const { group, member, currency, language } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const name = member.private
    ? t('customerGroupMembers.privateMember', { id: member.user_id })
    : [member.first_name, member.last_name].filter(Boolean).join(' ') || (member.email ?? '');
  const field = (label: string, value: string | null) => (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{value ?? '—'}</Text>
    </BlockStack>
  );
  const amount = (v: number | null) => money(v, currency) ?? '—';
  return (
    <Page
      title={t('customerGroupMembers.detailTitle', { name })}
      subtitle={group.name}
      backAction={{ content: t('customerGroupMembers.overview'), url: `/customer-group/${group.id}/overview` }}
      secondaryActions={[
        { content: t('customerGroupMembers.remove'), destructive: true, onAction: () => setConfirming(true) },
      ]}
    >
      <BlockStack gap="400">
        {member.private ? (
          <Banner tone="info">
            <Text as="p">{t('customerGroupMembers.privacyNote')}</Text>
          </Banner>
        ) : null}
        <Card>
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
            {field(t('customerGroupMembers.colEmail'), member.email)}
            {field(t('customerGroupMembers.telephone'), member.telephone)}
            {field(t('customerGroupMembers.joined'), cetDateTime(member.added_at, language))}
          </InlineGrid>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('customerGroupMembers.totals')}
            </Text>
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
              {field(t('customerGroupMembers.totalSessions'), String(member.totals.sessions))}
              {field(t('customerGroupMembers.totalEnergy'), energyKwh(member.totals.energy_wh))}
              {field(t('customerGroupMembers.totalAmount'), amount(member.totals.amount_incl_vat))}
              {field(t('customerGroupMembers.totalAmountNet'), amount(member.totals.amount_excl_vat))}
            </InlineGrid>
            {member.totals.unpriced > 0 ? (
              <Text as="p" tone="subdued">
                {t('customerGroupMembers.unpriced', { count: member.totals.unpriced })}
              </Text>
            ) : null}
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('customerGroupMembers.latest')}
            </Text>
            {member.sessions.length === 0 ? (
              <Text as="p" tone="subdued">
                {t('customerGroupMembers.noSessions')}
              </Text>
            ) : (
              <DataTable
                columnContentTypes={['text', 'text', 'numeric', 'numeric']}
                headings={[
                  t('customerGroupMembers.colStart'),
                  t('customerGroupMembers.colStation'),
                  t('customerGroupMembers.colEnergy'),
                  t('customerGroupMembers.colAmount'),
                ]}
                rows={member.sessions.map((s) => [
                  <a key={s.id} href={`/sessions/detail/${s.id}`}>
                    {cetDateTime(s.cdr_start, language)}
                  </a>,
                  s.station_name ?? '—',
                  energyKwh(s.energy_wh),
                  s.pricing_status === 'priced' ? amount(s.amount_incl_vat) : t('customerGroupMembers.notPriced'),
                ])}
              />
            )}
          </BlockStack>
        </Card>
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('customerGroupMembers.removeTitle', { name })}
        primaryAction={{
          content: t('customerGroupMembers.removeConfirm'),
          destructive: true,
          loading: navigation.state !== 'idle',
          onAction: () => {
            submit({ intent: 'remove' }, { method: 'post' });
            setConfirming(false);
          },
        }}
        secondaryActions={[{ content: t('customerGroupMembers.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('customerGroupMembers.removeBody')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
