/**
 * @module /my-sessions/{id} (spec 7.10 GET my-sessions/{sessionId}): one of the caller's own sessions, where and
 * when, and what they pay for it (the provider perspective's price lines and tariff lines), and its signed
 * meter values to verify (ADR 060). Another user's session is the not-found page.
 */
import { lineQuantity } from '@domain/customer-groups/tariff-lines';
import { duration } from '@domain/sessions/display';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Card, DataTable, InlineGrid, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { SignedMeterValuesCard } from '../../components/sessions/signed-meter-values';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { formatDateTime, formatKwh, formatMoney, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.sessions.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  const sessionId = String(fleetId(params.id));
  const [found, signed] = await Promise.all([
    api.send(api.client.api['my-sessions'][':sessionId'].$get({ param: { sessionId } })),
    api.send(api.client.api['my-sessions'][':sessionId']['signed-meter-values'].$get({ param: { sessionId } })),
  ]);
  return { ...must(found, me), signed: signed.ok ? signed.data.data : [] };
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="span">{value}</Text>
    </BlockStack>
  );
}

export default function MySession() {
  const { t, i18n } = useTranslation();
  const { session: s, price, signed } = useLoaderData<typeof loader>();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language }) : '—');
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, s.currency));
  return (
    <Page
      title={t('myPages.sessions.detail', { id: s.id })}
      backAction={{ content: t('myPages.sessions.title'), url: '/my-sessions' }}
      titleMetadata={
        <Badge tone={s.status === 'in_progress' ? 'info' : undefined}>
          {tKey(t, `myPages.sessions.statuses.${s.status}`)}
        </Badge>
      }
    >
      <Layout>
        <Layout.Section>
          <Card>
            <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
              <Fact
                label={t('myPages.sessions.where')}
                value={
                  [s.station_name, s.station_street, s.station_city].filter(Boolean).join(', ') || `#${s.station_id}`
                }
              />
              <Fact label={t('myPages.sessions.start')} value={when(s.start)} />
              <Fact label={t('myPages.sessions.end')} value={when(s.end)} />
              <Fact label={t('myPages.sessions.energy')} value={formatKwh(s.energy_wh, s.currency)} />
              <Fact label={t('myPages.sessions.duration')} value={duration(s.duration_s)} />
              <Fact
                label={t('myPages.sessions.chargingMinutes')}
                value={
                  s.charging_minutes === null
                    ? '—'
                    : `${formatNumber(s.charging_minutes, { currency: s.currency })} min`
                }
              />
              <Fact label={t('myPages.sessions.parking')} value={duration(s.parking_s)} />
              <Fact
                label={t('myPages.sessions.connector', { number: s.connector_number })}
                value={s.plug_type ?? '—'}
              />
              <Fact label={t('myPages.sessions.startMethod')} value={s.start_method} />
              <Fact label={t('myPages.sessions.stopReason')} value={s.stop_reason ?? '—'} />
            </InlineGrid>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('myPages.sessions.priceTitle')}
              </Text>
              {price.priced ? (
                <DataTable
                  columnContentTypes={['text', 'numeric']}
                  headings={[t('myPages.sessions.price'), '']}
                  rows={price.lines.map((l) => [tKey(t, `myPages.sessions.lines.${l.key}`), money(l.value)])}
                />
              ) : (
                <Text as="p" tone="subdued">
                  {t('myPages.sessions.noPrice')} {price.reason ?? ''}
                </Text>
              )}
              {price.tariff_lines.length > 0 ? (
                <BlockStack gap="200">
                  <Text as="h3" variant="headingSm">
                    {t('myPages.sessions.tariffLines')}
                  </Text>
                  <DataTable
                    columnContentTypes={['text', 'text', 'numeric', 'numeric']}
                    headings={[
                      t('myPages.sessions.dimension'),
                      t('myPages.sessions.tariff'),
                      t('myPages.sessions.quantity'),
                      t('myPages.sessions.inclVat'),
                    ]}
                    rows={price.tariff_lines.map((l) => [
                      l.dimension,
                      l.tariff_name ?? '—',
                      lineQuantity(l.dimension, l.quantity),
                      money(l.incl_vat),
                    ])}
                  />
                </BlockStack>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <SignedMeterValuesCard values={signed} downloadUrl={`/my-sessions/${s.id}/safe`} currency={s.currency} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
