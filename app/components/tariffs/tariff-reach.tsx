/**
 * @module Where a tariff applies (perspective, companies, stations, connector groups, customer group,
 * payment type, MPS countries, period) and, when it can never price a session, a warning that says
 * which tariff wins instead or what rules it out (GET /tariff/id/{id}/reach, issue 24 §6).
 */
import { Banner, BlockStack, Card, InlineStack, List, Text } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatDate } from '../../lib/format';

export interface ReachWarning {
  code: string;
  criterion?: string;
  tariffs?: { id: number; name: string; apply_from: string | null }[];
  until?: string;
  customer_group_id?: number;
  countries?: string[];
  station_countries?: string[];
}

export interface TariffReach {
  status: 'pending' | 'approved';
  perspectives: string[];
  companies: { total: number; sample: { id: number; name: string }[] };
  stations: { total: number; in_countries: number; sample: { id: number; name: string; country: string | null }[] };
  groups: { id: number; name: string }[];
  customer_group: { id: number; name: string | null; deleted: boolean } | null;
  payment_type: string | null;
  mps: { country_code: string }[];
  window: { from: string | null; to: string | null };
  warnings: ReachWarning[];
}

/** The sentence of one warning, in the page's language. */
export function warningText(t: TFunction, w: ReachWarning, language: string): string {
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso, { language }) : '—');
  if (w.code === 'shadowed') {
    const names = (w.tariffs ?? []).map((x) => x.name).join('”, “');
    return tKey(t, `tariffReach.warning.shadowed_${w.criterion ?? 'id'}`, {
      names,
      date: date(w.tariffs?.[0]?.apply_from),
    });
  }
  return tKey(t, `tariffReach.warning.${w.code}`, {
    date: date(w.until),
    countries: (w.countries ?? []).join(', '),
    stationCountries: (w.station_countries ?? []).join(', '),
  });
}

export function ReachWarnings({
  reach,
  language,
}: {
  reach: Pick<TariffReach, 'warnings' | 'status'>;
  language: string;
}) {
  const { t } = useTranslation();
  if (reach.warnings.length === 0) return null;
  return (
    <Banner
      tone="warning"
      title={reach.status === 'pending' ? t('tariffReach.warningPending') : t('tariffReach.warningTitle')}
    >
      <List>
        {reach.warnings.map((w) => (
          <List.Item key={`${w.code}-${w.criterion ?? ''}`}>{warningText(t, w, language)}</List.Item>
        ))}
      </List>
    </Banner>
  );
}

function Row({ label, children }: { label: string; children: string }) {
  return (
    <InlineStack align="space-between" gap="400" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export function ReachCard({ reach, language }: { reach: TariffReach; language: string }) {
  const { t } = useTranslation();
  const date = (iso: string | null) => (iso ? formatDate(iso, { language }) : null);
  const from = date(reach.window.from);
  const to = date(reach.window.to);
  const sample = (names: string[], total: number) =>
    names.length === 0 ? '—' : `${names.join(', ')}${total > names.length ? ', …' : ''}`;
  const group = reach.customer_group;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t('tariffReach.title')}
        </Text>
        <Row label={t('tariffReach.perspective')}>
          {reach.perspectives.map((p) => tKey(t, `tariffReach.perspectives.${p}`)).join(', ') || '—'}
        </Row>
        <Row label={t('tariffReach.companies')}>
          {`${t('tariffReach.companiesCount', { count: reach.companies.total })}: ${sample(
            reach.companies.sample.map((c) => c.name),
            reach.companies.total,
          )}`}
        </Row>
        <Row label={t('tariffReach.stations')}>
          {`${t('tariffReach.stationsCount', { inCountries: reach.stations.in_countries, total: reach.stations.total })}${
            reach.stations.sample.length > 0
              ? `: ${sample(
                  reach.stations.sample.map((s) => s.name),
                  reach.stations.in_countries,
                )}`
              : ''
          }`}
        </Row>
        <Row label={t('tariffReach.groups')}>
          {reach.groups.length > 0 ? reach.groups.map((g) => g.name).join(', ') : t('tariffReach.noGroups')}
        </Row>
        <Row label={t('tariffReach.customerGroup')}>
          {group
            ? group.deleted
              ? t('tariffReach.deletedGroup', { name: group.name ?? `#${group.id}` })
              : (group.name ?? `#${group.id}`)
            : t('tariffReach.everyCustomer')}
        </Row>
        <Row label={t('tariffReach.paymentType')}>
          {reach.payment_type ? tKey(t, `tariffs.payment.${reach.payment_type}`) : t('tariffReach.everyPayment')}
        </Row>
        {reach.mps.length > 0 ? (
          <Row label={t('tariffReach.mps')}>{[...new Set(reach.mps.map((m) => m.country_code))].join(', ')}</Row>
        ) : null}
        <Row label={t('tariffReach.period')}>
          {from || to
            ? t('tariffReach.periodFromTo', { from: from ?? '…', to: to ?? t('tariffReach.open') })
            : t('tariffReach.always')}
        </Row>
      </BlockStack>
    </Card>
  );
}
