/** @module /fleet/users/detail/{id}: a fleet user, consumption against each limit, limits and lifecycle actions. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Layout,
  Modal,
  Page,
  ProgressBar,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { PersonalDataCard } from '../../components/self-service/personal-data-card';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName, PERMISSION_LABEL, PERMISSIONS, type Usage } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.users.title');

function idOf(raw: string | undefined): string {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  return String(id);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const api = createApi(request, context);
  const user = must(await api.send(api.client.api.users[':userId'].$get({ param: { userId: idOf(params.id) } })), me);
  return {
    user,
    companyId: me.company.id,
    currency: me.company.currency,
    canManage: me.permissions.includes('fleet:users:manage'),
    canLimit: me.permissions.includes('fleet:limits'),
    isSelf: me.user.id === user.id,
  };
}

const INTENTS = ['delete', 'restore', 'permanent', 'remove', 'limits'] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (!(INTENTS as readonly string[]).includes(intent)) throw data({ message: 'Bad intent' }, { status: 400 });
  const me = await requirePermission(request, context, intent === 'limits' ? 'fleet:limits' : 'fleet:users:manage');
  const api = createApi(request, context, { language: me.user.language });
  const userId = idOf(params.id);
  const param = { userId };
  const res =
    intent === 'delete'
      ? await api.client.api.users[':userId'].$delete({ param, query: {} })
      : intent === 'permanent'
        ? await api.client.api.users[':userId'].$delete({ param, query: { permanent: 'true', confirm: 'true' } })
        : intent === 'restore'
          ? await api.client.api.users[':userId'].restore.$put({ param })
          : intent === 'remove'
            ? await api.client.api.users[':userId'].remove.$put({ param })
            : await api.client.api.users[':userId'].limit.$post({
                param,
                json: {
                  daily: String(form.get('daily') ?? ''),
                  weekly: String(form.get('weekly') ?? ''),
                  monthly: String(form.get('monthly') ?? ''),
                },
              });
  const result = await api.read<unknown>(res);
  if (!result.ok) {
    if (result.status === 403 && result.error.code === 'FORBIDDEN') must(result, me);
    return { error: result.error['error-msg'], field: result.error.field, done: null };
  }
  if (intent === 'permanent') return redirect('/fleet/users', { headers: api.headers() });
  const done = { delete: 'deleted', restore: 'restored', remove: 'removed', limits: 'limitsSaved' }[intent];
  return { error: null, field: null, done };
}

function UsageRow({ u, currency }: { u: Usage; currency: string }) {
  const { t } = useTranslation();
  const unit = u.unit === 'kwh' ? 'kWh' : currency;
  const ratio = u.ratio ?? 0;
  return (
    <BlockStack gap="100">
      <InlineStack align="space-between">
        <Text as="span" fontWeight="semibold">
          {tKey(t, `fleet.period.${u.period}`)}
        </Text>
        <Text as="span" tone={ratio >= 1 ? 'critical' : undefined}>
          {u.limit
            ? t('fleet.detail.usedOf', {
                used: formatNumber(u.used, { currency }),
                limit: formatNumber(u.limit, { currency }),
                unit,
              })
            : `${t('fleet.detail.usedNoLimit', { used: formatNumber(u.used, { currency }), unit })} · ${t('fleet.detail.noLimit')}`}
        </Text>
      </InlineStack>
      {u.unit === 'currency' && u.unpriced_kwh ? (
        <Text as="span" tone="subdued">
          {t('fleet.detail.unpricedKwh', { kwh: formatNumber(u.unpriced_kwh) })}
        </Text>
      ) : null}
      {u.limit ? (
        <ProgressBar
          progress={Math.min(100, Math.round(ratio * 100))}
          tone={ratio >= 1 ? 'critical' : ratio >= 0.8 ? 'highlight' : 'primary'}
          size="small"
        />
      ) : null}
    </BlockStack>
  );
}

type Confirm = 'delete' | 'permanent' | 'remove' | null;

export default function UserDetail() {
  const { t } = useTranslation();
  const { user, companyId, currency, canManage, canLimit, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [limits, setLimits] = useState(() => ({
    daily: user.limits.daily ? String(user.limits.daily) : '',
    weekly: user.limits.weekly ? String(user.limits.weekly) : '',
    monthly: user.limits.monthly ? String(user.limits.monthly) : '',
  }));
  useLiveFeed(companyId);
  useOutcomeToast(
    actionData,
    actionData?.done
      ? { text: tKey(t, `fleet.detail.${actionData.done}`) }
      : actionData?.error
        ? { text: actionData.error, error: true }
        : null,
  );
  const deleted = user.state === 'deleted';
  const busy = navigation.state !== 'idle';
  const unit = user.limits.unit === 'kwh' ? 'kWh' : user.limits.currency;

  const secondary = [
    { content: t('fleet.detail.kpi'), url: `/fleet/users/kpi/${user.id}` },
    ...(canManage && !deleted && !isSelf
      ? [
          { content: t('fleet.detail.removeFromCompany'), onAction: () => setConfirm('remove') },
          { content: t('fleet.detail.delete'), destructive: true, onAction: () => setConfirm('delete') },
        ]
      : []),
    ...(canManage && deleted
      ? [{ content: t('fleet.detail.deletePermanent'), destructive: true, onAction: () => setConfirm('permanent') }]
      : []),
  ];
  const primary =
    canManage && !deleted
      ? { content: t('fleet.detail.edit'), url: `/fleet/users/update/${user.id}` }
      : canManage && deleted
        ? {
            content: t('fleet.detail.restore'),
            onAction: () => {
              const f = document.getElementById('restore-form') as HTMLFormElement | null;
              f?.requestSubmit();
            },
          }
        : undefined;

  return (
    <Page
      title={displayName(user)}
      subtitle={user.email}
      titleMetadata={
        deleted ? (
          <Badge tone="critical">{t('fleet.status.deleted')}</Badge>
        ) : (
          <Badge tone={user.status === 'charging' ? 'success' : undefined}>
            {tKey(t, `fleet.status.${user.status}`)}
          </Badge>
        )
      }
      backAction={{ url: '/fleet/users' }}
      primaryAction={primary}
      secondaryActions={secondary}
    >
      <Form method="post" id="restore-form">
        <input type="hidden" name="intent" value="restore" />
      </Form>
      <BlockStack gap="400">
        {deleted ? <Banner tone="warning">{t('fleet.detail.deletedBanner')}</Banner> : null}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t('fleet.detail.consumption')}
                  </Text>
                  {user.usage.map((u) => (
                    <UsageRow key={u.period} u={u} currency={currency} />
                  ))}
                  {user.limits.note ? (
                    <Text as="p" tone="subdued">
                      {t('fleet.wizard.currencyNote', { currency: user.limits.currency })}
                    </Text>
                  ) : null}
                </BlockStack>
              </Card>
              {canLimit && !deleted ? (
                <Card>
                  <Form method="post">
                    <input type="hidden" name="intent" value="limits" />
                    <BlockStack gap="300">
                      <Text as="h2" variant="headingMd">
                        {t('fleet.detail.setLimits')}
                      </Text>
                      <FormLayout>
                        <FormLayout.Group condensed>
                          {(['daily', 'weekly', 'monthly'] as const).map((p) => (
                            <TextField
                              key={p}
                              name={p}
                              label={tKey(t, `fleet.period.${p}`)}
                              autoComplete="off"
                              inputMode="decimal"
                              suffix={unit}
                              value={limits[p]}
                              onChange={(v) => setLimits((l) => ({ ...l, [p]: v }))}
                              error={
                                actionData?.field === `limits.${p}` || actionData?.field === p
                                  ? (actionData.error ?? undefined)
                                  : undefined
                              }
                            />
                          ))}
                        </FormLayout.Group>
                      </FormLayout>
                      <InlineStack align="space-between" blockAlign="center">
                        <Text as="p" tone="subdued">
                          {t('fleet.wizard.limitHelp')}
                        </Text>
                        <Button submit variant="primary" loading={busy}>
                          {t('fleet.wizard.save')}
                        </Button>
                      </InlineStack>
                    </BlockStack>
                  </Form>
                </Card>
              ) : null}
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t('fleet.detail.info')}
                </Text>
                <InlineGrid columns={2} gap="100">
                  <Text as="span" tone="subdued">
                    {t('fleet.wizard.corporateGroup')}
                  </Text>
                  <Text as="span">{user.corporate_group_name ?? '—'}</Text>
                  <Text as="span" tone="subdued">
                    {t('fleet.wizard.licensePlate')}
                  </Text>
                  <Text as="span">{user.license_plate ?? '—'}</Text>
                  <Text as="span" tone="subdued">
                    {t('fleet.wizard.employeeNumber')}
                  </Text>
                  <Text as="span">{user.employee_number ?? '—'}</Text>
                  <Text as="span" tone="subdued">
                    {t('fleet.wizard.costCenter')}
                  </Text>
                  <Text as="span">{user.cost_center ?? '—'}</Text>
                  <Text as="span" tone="subdued">
                    {t('fleet.detail.sessions')}
                  </Text>
                  <Text as="span">{user.session_count}</Text>
                </InlineGrid>
                <InlineStack gap="100">
                  {[...PERMISSIONS, 'charge_only_with_rfid' as const]
                    .filter((p) => user[p])
                    .map((p) => (
                      <Badge key={p}>{tKey(t, PERMISSION_LABEL[p] ?? p)}</Badge>
                    ))}
                </InlineStack>
                <Text as="h3" variant="headingSm">
                  {t('fleet.detail.cards')}
                </Text>
                {user.rfids.length === 0 ? <Text as="p">{t('fleet.wizard.none')}</Text> : null}
                {user.rfids.map((r) => (
                  <InlineStack key={r.id} gap="200">
                    <Text as="span">{`${r.key_hanger_code} · ${r.uuid}`}</Text>
                    <Badge tone={r.status === 'active' ? 'success' : 'critical'}>{r.status}</Badge>
                  </InlineStack>
                ))}
                <Text as="h3" variant="headingSm">
                  {t('fleet.detail.roles')}
                </Text>
                <Text as="p">
                  {user.roles.map((r) => tKey(t, `fleet.roles.r${r}`)).join(', ') || t('fleet.wizard.none')}
                </Text>
              </BlockStack>
            </Card>
          </Layout.Section>
        </Layout>
        <PersonalDataCard scope="fleet" userId={user.id} canEdit={canManage && !deleted} />
      </BlockStack>
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm === 'permanent'
            ? t('fleet.detail.permanentTitle')
            : confirm === 'remove'
              ? t('fleet.detail.removeTitle')
              : t('fleet.detail.deleteTitle')
        }
        primaryAction={{
          content:
            confirm === 'permanent'
              ? t('fleet.detail.deletePermanent')
              : confirm === 'remove'
                ? t('fleet.detail.removeFromCompany')
                : t('fleet.detail.delete'),
          destructive: true,
          loading: busy,
          onAction: () => {
            (document.getElementById('confirm-form') as HTMLFormElement | null)?.requestSubmit();
          },
        }}
        secondaryActions={[{ content: t('fleet.wizard.cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Form method="post" id="confirm-form" onSubmit={() => setConfirm(null)}>
            <input type="hidden" name="intent" value={confirm ?? ''} />
            <Text as="p">
              {confirm === 'permanent'
                ? t('fleet.detail.permanentBody')
                : confirm === 'remove'
                  ? t('fleet.detail.removeBody')
                  : t('fleet.detail.deleteBody')}
            </Text>
          </Form>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
