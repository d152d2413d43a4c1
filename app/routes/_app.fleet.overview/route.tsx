/** @module /fleet/overview: user counts, who is charging now, users near their limits, permissions. Live. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Card,
  InlineGrid,
  InlineStack,
  Page,
  ProgressBar,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { Co2Tile } from '../../components/co2/co2-tile';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { LimitUnitCard, type LimitUnitResult } from './limit-unit-card';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.overview.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const api = createApi(request, context);
  const [counts, permissions, near, charging, settings, co2] = await Promise.all([
    api.send(api.client.api.users.count.$get()),
    api.send(api.client.api['users-permission'].$get()),
    api.send(api.client.api.users['near-limits'].$get()),
    api.send(api.client.api.users.$post({ json: { status: 'charging', items_per_page: 10, page: 0 } })),
    api.send(api.client.api.fleet.settings.$get()),
    api.send(api.client.api['co2-total'].$get({ query: { perspective: 'fleet' } })),
  ]);
  return {
    counts: must(counts, me),
    permissions: must(permissions, me),
    near: must(near, me).data,
    charging: must(charging, me),
    settings: must(settings, me),
    co2: must(co2, me),
    companyId: me.company.id,
    currency: me.company.currency,
  };
}

/** The settings card's one change: the limit unit (the API checks fleet:limits again). */
export async function action({ request, context }: ActionFunctionArgs): Promise<LimitUnitResult> {
  const me = await requirePermission(request, context, 'fleet:limits');
  const form = await request.formData();
  const unit = form.get('limit_unit');
  if (form.get('intent') !== 'limit-unit' || (unit !== 'kwh' && unit !== 'currency'))
    throw new Response('Bad request', { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.fleet.settings['limit-unit'].$put({ json: { limit_unit: unit, confirm: true } }),
  );
  if (!result.ok) {
    if (result.status === 403) must(result, me);
    return { error: result.error['error-msg'] };
  }
  return { saved: result.data.limit_unit };
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'success' | 'critical' }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="heading2xl" tone={tone}>
          {value}
        </Text>
      </BlockStack>
    </Card>
  );
}

export default function FleetOverview() {
  const { t } = useTranslation();
  const { counts, permissions, near, charging, settings, co2, companyId, currency } = useLoaderData<typeof loader>();
  useLiveFeed(companyId);
  return (
    <Page
      title={t('fleet.overview.title')}
      fullWidth
      primaryAction={{ content: t('fleet.overview.viewUsers'), url: '/fleet/users' }}
    >
      <BlockStack gap="400">
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          <Figure label={t('fleet.overview.users')} value={counts.active} />
          <Figure label={t('fleet.overview.charging')} value={counts.charging} tone="success" />
          <Figure label={t('fleet.overview.idle')} value={counts.idle} />
          <Figure
            label={t('fleet.overview.nearLimits')}
            value={counts.near_limit}
            tone={counts.near_limit ? 'critical' : undefined}
          />
        </InlineGrid>
        <Co2Tile co2={co2} period={t('co2.lastYear')} currency={currency} />
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Card padding="0">
            <Box padding="400">
              <Text as="h2" variant="headingMd">
                {t('fleet.overview.charging')}
              </Text>
            </Box>
            <ResourceList
              items={charging.data}
              emptyState={
                <Box padding="400">
                  <Text as="p" tone="subdued">
                    {t('fleet.users.emptyTitle')}
                  </Text>
                </Box>
              }
              renderItem={(u) => (
                <ResourceItem id={String(u.id)} url={`/fleet/users/detail/${u.id}`}>
                  <InlineStack align="space-between">
                    <Text as="span" fontWeight="semibold">
                      {displayName(u)}
                    </Text>
                    <InlineStack gap="200">
                      {u.license_plate ? <Text as="span">{u.license_plate}</Text> : null}
                      <Badge tone="success">{t('fleet.status.charging')}</Badge>
                    </InlineStack>
                  </InlineStack>
                </ResourceItem>
              )}
            />
          </Card>
          <Card>
            <BlockStack gap="300">
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">
                  {t('fleet.overview.nearLimits')}
                </Text>
                <Text as="p" tone="subdued">
                  {t('fleet.overview.nearLimitsHelp')}
                </Text>
              </BlockStack>
              {near.length === 0 ? <Text as="p">{t('fleet.overview.nearLimitsEmpty')}</Text> : null}
              {near.map((n) => {
                const worst = n.usage
                  .filter((u) => u.limit)
                  .sort((a, b) => b.used / (b.limit ?? 1) - a.used / (a.limit ?? 1))[0];
                return (
                  <BlockStack key={n.id} gap="100">
                    <InlineStack align="space-between">
                      <Link to={`/fleet/users/detail/${n.id}`}>{displayName(n)}</Link>
                      {worst ? (
                        <Text as="span" tone={n.ratio >= 1 ? 'critical' : undefined}>
                          {tKey(t, `fleet.period.${worst.period}`)} ·{' '}
                          {t('fleet.detail.usedOf', {
                            used: formatNumber(worst.used, { currency }),
                            limit: formatNumber(worst.limit ?? 0, { currency }),
                            unit: worst.unit === 'currency' ? currency : 'kWh',
                          })}
                        </Text>
                      ) : null}
                    </InlineStack>
                    <ProgressBar
                      progress={Math.min(100, Math.round(n.ratio * 100))}
                      tone={n.ratio >= 1 ? 'critical' : 'highlight'}
                      size="small"
                    />
                  </BlockStack>
                );
              })}
            </BlockStack>
          </Card>
        </InlineGrid>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('fleet.overview.permissions')}
            </Text>
            <InlineStack gap="400">
              {(['public', 'work', 'home', 'only_private', 'rfid_only'] as const).map((p) => (
                <BlockStack key={p} gap="050">
                  <Text as="span" tone="subdued">
                    {tKey(t, `fleet.permission.${p}`)}
                  </Text>
                  <Text as="span" variant="headingLg">
                    {permissions[p] ?? 0}
                  </Text>
                </BlockStack>
              ))}
            </InlineStack>
          </BlockStack>
        </Card>
        <LimitUnitCard key={settings.limit_unit} settings={settings} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
