/** @module /connectors/{id}/detail: every field of a connector and of its station, live. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { loadConnector } from './detail.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'connectorDetail.connector');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const connector = await loadConnector(request, context, me, params.id ?? '');
  return {
    connector,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="400" wrap={false} align="space-between" blockAlign="start">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export default function ConnectorDetailPage() {
  const { t } = useTranslation();
  const { connector: c, companyId, currency, timeZone, language } = useLoaderData<typeof loader>();
  useLiveFeed(companyId);
  const s = c.station;
  const when = (value: string | null) =>
    value ? formatDateTime(value, { timeZone, language }) : t('connectorDetail.never');
  const yesNo = (value: boolean) => (value ? t('connectorDetail.yes') : t('connectorDetail.no'));
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
  const number = (value: number | null, key: 'connectorDetail.volts' | 'connectorDetail.amps') =>
    value === null ? '—' : t(key, { value: formatNumber(value, { currency }) });

  return (
    <Page
      title={t('connectorDetail.title', { evse: c.evseId ?? c.uid })}
      subtitle={`${s.name} · ${dash(s.city)}`}
      titleMetadata={<Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>}
      backAction={{ content: t('connectorDetail.back'), url: '/connectors/list' }}
    >
      <Layout>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('connectorDetail.connector')}
              </Text>
              <Field label={t('connectorDetail.evseId')}>{dash(c.evseId)}</Field>
              <Field label={t('connectorDetail.status')}>{tKey(t, `overview.status.${c.bucket}`)}</Field>
              <Field label={t('connectorDetail.since')}>{when(c.statusChangedAt)}</Field>
              <Field label={t('connectorDetail.errorCode')}>{dash(c.errorCode)}</Field>
              <Field label={t('connectorDetail.info')}>{dash(c.statusInfo)}</Field>
              <Field label={t('connectorDetail.plug')}>{dash(c.plugType)}</Field>
              <Field label={t('connectorDetail.plugFormat')}>{dash(c.plugFormat)}</Field>
              <Field label={t('connectorDetail.powerType')}>{dash(c.powerType)}</Field>
              <Field label={t('connectorDetail.voltage')}>{number(c.voltage, 'connectorDetail.volts')}</Field>
              <Field label={t('connectorDetail.amperage')}>{number(c.amperage, 'connectorDetail.amps')}</Field>
              <Field label={t('connectorDetail.maxPower')}>
                {c.maxPowerKw === null
                  ? '—'
                  : t('connectorList.kw', { value: formatNumber(c.maxPowerKw, { currency }) })}
              </Field>
              <BlockStack gap="100">
                <Text as="span" tone="subdued">
                  {t('connectorDetail.capabilities')}
                </Text>
                <InlineStack gap="100">
                  {c.capabilities.length === 0
                    ? t('connectorDetail.none')
                    : c.capabilities.map((cap) => <Badge key={cap}>{cap}</Badge>)}
                </InlineStack>
              </BlockStack>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('connectorDetail.station')}
              </Text>
              <Field label={t('connectorDetail.name')}>{s.name}</Field>
              <Field label={t('connectorDetail.identity')}>{s.uid}</Field>
              <Field label={t('connectorDetail.operator')}>{s.operatorName}</Field>
              <Field label={t('connectorDetail.address')}>
                {[s.address, s.streetNumber].filter(Boolean).join(' ') || '—'}, {dash(s.postalCode)} {dash(s.city)},{' '}
                {dash(s.country)}
              </Field>
              <Field label={t('connectorDetail.coordinates')}>
                {s.latitude === null || s.longitude === null
                  ? '—'
                  : `${s.latitude.toFixed(5)}, ${s.longitude.toFixed(5)}`}
              </Field>
              <Field label={t('connectorDetail.type')}>{s.type}</Field>
              <Field label={t('connectorDetail.brandModel')}>
                {[s.brand, s.model].filter(Boolean).join(' ') || '—'}
              </Field>
              <Field label={t('connectorDetail.serial')}>{dash(s.serialNumber)}</Field>
              <Field label={t('connectorDetail.firmware')}>{dash(s.firmware)}</Field>
              <Field label={t('connectorDetail.registration')}>{s.registration}</Field>
              <Field label={t('connectorDetail.lastHeartbeat')}>{when(s.lastHeartbeatAt)}</Field>
              <Field label={t('connectorDetail.lastBoot')}>{when(s.lastBootAt)}</Field>
              <Field label={t('connectorDetail.lastSeen')}>{when(s.lastSeenAt)}</Field>
              <Field label={t('connectorDetail.visibleInApp')}>{yesNo(s.visibleInApp)}</Field>
              <Field label={t('connectorDetail.openToPublic')}>{yesNo(s.openToPublic)}</Field>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
