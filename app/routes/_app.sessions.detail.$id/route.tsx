/**
 * @module /sessions/detail/{id}: every CDR field, the price of each party (or "unpriced" with the
 * reason), and the recorded power curve and energy over time; engineers also get current, voltage
 * and state of charge where the charge point reported them; the signed meter values with their
 * verification and the S.A.F.E. download (ADR 060).
 */

import { lineQuantity, lineUnitPrice, unitOf } from '@domain/customer-groups/tariff-lines';
import { cetDateTime, duration } from '@domain/sessions/display';
import { energySinceStart } from '@domain/sessions/energy-curve';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { SessionCo2Card } from '../../components/co2/session-co2';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { CurveChart, series } from '../../components/sessions/curve-chart';
import { PricingWhy } from '../../components/sessions/pricing-why';
import { SignedMeterValuesCard } from '../../components/sessions/signed-meter-values';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatKwh, formatMoney, formatMoneyPerKwh, formatPowerKw } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requireUser } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'sessions.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  if (!me.permissions.includes('connectors:view') && !me.permissions.includes('fleet:view')) forbidden(me);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const api = createApi(request, context);
  const param = { id: String(id) };
  const [result, signed] = await Promise.all([
    api.send(api.client.api.sessions[':id'].$get({ param })),
    api.send(api.client.api.sessions[':id']['signed-meter-values'].$get({ param })),
  ]);
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ message: result.error['error-msg'] }, { status: result.status });
  }
  const back = me.permissions.includes('connectors:view') ? '/connectors/sessions' : '/fleet/sessions';
  return { ...result.data, signed: signed.ok ? signed.data.data : [], back, language: me.user.language };
}

const DATE_KEYS = ['cdr_start', 'cdr_end', 'cdr_stop_charging_date', 'cdr_charging_end'];
const SECONDS_KEYS = ['cdr_time', 'cdr_total_parking_time'];
const HIDDEN = new Set([
  'id',
  'station_id',
  'connector_id',
  'user_id',
  'company_id',
  'owner_company_id',
  'pricing_note',
  'currency',
]);
const PRICE_PREFIX = /^(emp|subcpo|owner)_price_|^owner_cost_per_kwh$|^cdr_vat_value$/;

const money = (minor: number | null, currency: string) => (minor === null ? null : formatMoney(minor, currency));

export default function SessionDetail() {
  const { t } = useTranslation();
  const {
    session: s,
    parties,
    curve,
    engineer,
    back,
    language,
    pricing_why,
    co2,
    signed,
  } = useLoaderData<typeof loader>();
  const currency = String(s.currency ?? 'EUR');
  const show = (key: string, v: string | number | boolean | null) => {
    if (v === null || v === '') return '—';
    if (DATE_KEYS.includes(key)) return cetDateTime(String(v), language, true);
    if (key === 'cdr_consumed_energy') return formatKwh(Number(v), currency);
    if (SECONDS_KEYS.includes(key)) return duration(Number(v));
    if (key === 'cdr_time_charged') return duration(Number(v) * 60);
    if (key === 'plug_max_electric_power') return formatPowerKw(Number(v), currency);
    if (key === 'cdr_needs_revision') return Number(v) ? t('sessions.yes') : t('sessions.no');
    if (key === 'status') return tKey(t, `sessions.status.${v}`);
    return String(v);
  };
  const fields = Object.entries(s).filter(([k]) => !HIDDEN.has(k) && !PRICE_PREFIX.test(k));
  const power = series(curve, 1, 1 / 1000);
  // Energy delivered since the start, not the meter register the charge point reports.
  const meterStart = typeof s.meter_start_wh === 'number' ? s.meter_start_wh : null;
  const energy = energySinceStart(series(curve, 2), meterStart).map((p) => ({ ...p, value: p.value / 1000 }));
  const current = series(curve, 3);
  const voltage = series(curve, 4);
  const soc = series(curve, 5);
  const reasonText = (reason: string | null) =>
    reason === 'QR'
      ? t('sessions.detail.qrHidden')
      : t('sessions.detail.unpricedReason', { reason: reason ?? t('sessions.detail.noReason') });

  return (
    <Page
      title={t('sessions.detail.title', { id: String(s.cdr_id ?? s.id) })}
      subtitle={`${s.station_name ?? ''} · ${s.connector_evse_id ?? ''}`}
      titleMetadata={
        <Badge tone={s.status === 'in_progress' ? 'info' : undefined}>{show('status', s.status ?? null)}</Badge>
      }
      backAction={{ content: t('sessions.detail.back'), url: back }}
      fullWidth
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('sessions.detail.curve')}
                </Text>
                {power.length + energy.length === 0 ? (
                  <Text as="p" tone="subdued">
                    {t('sessions.detail.noCurve')}
                  </Text>
                ) : (
                  <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
                    <BlockStack gap="100">
                      <Text as="h3" variant="headingSm">
                        {t('sessions.detail.power')}
                      </Text>
                      <CurveChart points={power} label="power" />
                    </BlockStack>
                    <BlockStack gap="100">
                      <Text as="h3" variant="headingSm">
                        {t('sessions.detail.energy')}
                      </Text>
                      <CurveChart points={energy} label="energy" color="#29845a" />
                    </BlockStack>
                  </InlineGrid>
                )}
              </BlockStack>
            </Card>
            {engineer ? (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t('sessions.detail.engineer')}
                  </Text>
                  {current.length + voltage.length + soc.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {t('sessions.detail.noEngineerData')}
                    </Text>
                  ) : (
                    <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
                      {[
                        { points: current, label: 'current', title: t('sessions.detail.current'), color: '#b98900' },
                        { points: voltage, label: 'voltage', title: t('sessions.detail.voltage'), color: '#8051ff' },
                        { points: soc, label: 'soc', title: t('sessions.detail.soc'), color: '#e51c00' },
                      ]
                        .filter((g) => g.points.length > 0)
                        .map((g) => (
                          <BlockStack gap="100" key={g.label}>
                            <Text as="h3" variant="headingSm">
                              {g.title}
                            </Text>
                            <CurveChart points={g.points} label={g.label} color={g.color} height={180} />
                          </BlockStack>
                        ))}
                    </InlineGrid>
                  )}
                </BlockStack>
              </Card>
            ) : null}
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('sessions.detail.prices')}
                </Text>
                <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
                  {parties.map((p) => (
                    <BlockStack gap="200" key={p.party}>
                      <Text as="h3" variant="headingSm">
                        {tKey(t, `sessions.detail.party.${p.party}`)}
                      </Text>
                      {p.priced ? (
                        [
                          ...p.lines.map((line) => (
                            <InlineStack key={line.key} align="space-between">
                              <Text as="span" tone="subdued">
                                {tKey(t, `sessions.detail.line.${line.key}`)}
                              </Text>
                              <Text as="span" numeric>
                                {(line.key === 'cost_per_kwh'
                                  ? formatMoneyPerKwh(line.value, currency)
                                  : money(line.value, currency)) ?? '—'}
                              </Text>
                            </InlineStack>
                          )),
                        ]
                      ) : (
                        <Banner tone={p.reason === 'QR' ? 'info' : 'warning'}>
                          <p>{reasonText(p.reason)}</p>
                        </Banner>
                      )}
                    </BlockStack>
                  ))}
                </InlineGrid>
              </BlockStack>
            </Card>
            <SignedMeterValuesCard values={signed} downloadUrl={`/sessions/detail/${s.id}/safe`} currency={currency} />
            {pricing_why ? <PricingWhy why={pricing_why} /> : null}
            {parties.some((p) => p.priced) ? (
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    {t('customerGroups.lines.title')}
                  </Text>
                  {parties
                    .filter((p) => p.priced)
                    .map((p) => (
                      <BlockStack gap="200" key={p.party}>
                        <Text as="h3" variant="headingSm">
                          {tKey(t, `sessions.detail.party.${p.party}`)}
                        </Text>
                        {p.tariff_lines.length === 0 ? (
                          <Text as="p" tone="subdued">
                            {t('customerGroups.lines.none')}
                          </Text>
                        ) : (
                          <div data-testid={`tariff-lines-${p.party}`}>
                            <DataTable
                              columnContentTypes={['text', 'text', 'numeric', 'numeric', 'numeric', 'numeric']}
                              headings={[
                                t('customerGroups.lines.dimension'),
                                t('customerGroups.lines.tariff'),
                                t('customerGroups.lines.quantity'),
                                t('customerGroups.lines.unitPrice'),
                                t('customerGroups.lines.exclVat'),
                                t('customerGroups.lines.inclVat'),
                              ]}
                              rows={p.tariff_lines.map((l) => {
                                const unit = unitOf(l.dimension);
                                const price = lineUnitPrice(l.dimension, l.unit_price, currency);
                                return [
                                  tKey(t, `customerGroups.lines.dim.${l.dimension}`),
                                  `${l.tariff_name ?? '—'}${l.element_index >= 0 ? ` · ${t('customerGroups.lines.element', { n: l.element_index + 1 })}` : ''}`,
                                  lineQuantity(l.dimension, l.quantity),
                                  price && unit ? `${price}${t(`customerGroups.lines.${unit}`)}` : '—',
                                  money(l.excl_vat, currency) ?? '—',
                                  money(l.incl_vat, currency) ?? '—',
                                ];
                              })}
                            />
                          </div>
                        )}
                      </BlockStack>
                    ))}
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            {co2 ? <SessionCo2Card co2={co2} currency={currency} /> : null}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t('sessions.detail.cdr')}
                </Text>
                {fields.map(([key, value]) => (
                  <InlineStack key={key} align="space-between" gap="400" wrap={false}>
                    <Text as="span" tone="subdued">
                      {tKey(t, `sessions.col.${key}`)}
                    </Text>
                    <Text as="span" alignment="end" breakWord>
                      {show(key, value)}
                    </Text>
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
