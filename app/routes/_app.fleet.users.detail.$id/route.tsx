/** @module /fleet/users/detail/{id}: a fleet user, consumption against each limit, limits and lifecycle actions. */
import type { MetaFunction } from '@remix-run/cloudflare';
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
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { PersonalDataCard } from '../../components/self-service/personal-data-card';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { displayName, PERMISSION_LABEL, PERMISSIONS } from '../../lib/fleet';
import { titleMeta } from '../../lib/meta';
import { useLiveFeed } from '../../lib/use-live-feed';
import { UsageRow } from './usage-row';
import { loadFleetUser, runUserAction } from './user.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.users.title');

export const loader = loadFleetUser;
export const action = runUserAction;

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
