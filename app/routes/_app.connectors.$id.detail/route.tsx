/** @module /connectors/{id}/detail: every field of a connector and of its station, live. */

import { ocppVersionLabel } from '@domain/ocpp/versions';
import { STATUS_BUCKET } from '@domain/stations/statuses';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoordinates, formatDateTime, formatNumber } from '~/lib/format';
import { DeviceModelCard } from '../../components/maintenance/device-model-card';
import { RecentSessionsCard } from '../../components/maintenance/maintenance-cards';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { connectorHome, connectorLinks, isSupportAgent } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { loadConnector, loadDetailExtras, loadDeviceModel, requestDeviceModelReport } from './detail.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'connectorDetail.connector');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const connector = await loadConnector(request, context, me, params.id ?? '');
  const extra = await loadDetailExtras(request, context, connector.id, connector.station.id);
  // The device model is a 2.0.1 station's, read with the configuration's permission.
  const deviceModel =
    connector.station.ocppVersionConnected === 'ocpp2.0.1' && me.permissions.includes(DEVICE_MODEL_PERMISSION)
      ? await loadDeviceModel(request, context, connector.station.uid)
      : null;
  return {
    connector,
    ...extra,
    deviceModel,
    permissions: me.permissions,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

const DEVICE_MODEL_PERMISSION = 'connectors:command:advanced';

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, DEVICE_MODEL_PERMISSION);
  const connector = await loadConnector(request, context, me, params.id ?? '');
  return requestDeviceModelReport(request, context, connector.station.uid);
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
  const data = useLoaderData<typeof loader>();
  const { connector: c, companyId, currency, timeZone, language, station: full, totals, permissions } = data;
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
      primaryAction={{
        content: isSupportAgent(permissions) ? t('maintenance.links.support') : t('maintenance.links.maintenance'),
        url: connectorHome(permissions, c.id),
      }}
      secondaryActions={[
        { content: t('maintenance.links.ocppLog'), url: connectorLinks.ocppLog(s.uid, c.uid) },
        ...(permissions.includes('connectors:support') && !isSupportAgent(permissions)
          ? [{ content: t('maintenance.links.support'), url: connectorLinks.support(c.id) }]
          : []),
        ...(permissions.includes('stations:edit')
          ? [{ content: t('maintenance.links.updateStation'), url: connectorLinks.updateStation(c.id, s.id, c.uid) }]
          : []),
      ]}
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
              {c.reportedStatus !== c.status ? (
                // An offline station's last report is history: said as such, next to the status shown.
                <Field label={t('connectorDetail.lastReported')}>
                  {tKey(t, `overview.status.${STATUS_BUCKET[c.reportedStatus]}`)}
                </Field>
              ) : null}
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
                {s.latitude === null || s.longitude === null ? '—' : formatCoordinates(s.latitude, s.longitude)}
              </Field>
              <Field label={t('connectorDetail.type')}>{s.type}</Field>
              <Field label={t('connectorDetail.brandModel')}>
                {[s.brand, s.model].filter(Boolean).join(' ') || '—'}
              </Field>
              <Field label={t('connectorDetail.serial')}>{dash(s.serialNumber)}</Field>
              <Field label={t('connectorDetail.firmware')}>{dash(s.firmware)}</Field>
              <Field label={t('stationSim.iccid')}>{dash(s.iccid)}</Field>
              <Field label={t('stationSim.imsi')}>{dash(s.imsi)}</Field>
              <Field label={t('stationOcpp.connected')}>
                {s.ocppVersionConnected ? ocppVersionLabel(s.ocppVersionConnected) : '—'}
              </Field>
              <Field label={t('stationOcpp.required')}>
                {s.ocppVersion ? ocppVersionLabel(s.ocppVersion) : t('stationOcpp.auto')}
              </Field>
              <Field label={t('connectorDetail.registration')}>{s.registration}</Field>
              <Field label={t('connectorDetail.connection')}>
                <Badge tone={s.online ? 'success' : 'critical'}>
                  {s.online ? t('connectorDetail.stationOnline') : t('connectorDetail.stationOffline')}
                </Badge>
              </Field>
              {/* Last seen is whatever the station last sent; a heartbeat only when it was that contact. */}
              <Field label={t('connectorDetail.lastSeen')}>{when(s.lastSeenAt)}</Field>
              {s.lastHeartbeatAt ? (
                <Field label={t('connectorDetail.lastHeartbeat')}>{when(s.lastHeartbeatAt)}</Field>
              ) : null}
              <Field label={t('connectorDetail.lastBoot')}>{when(s.lastBootAt)}</Field>
              <Field label={t('connectorDetail.visibleInApp')}>{yesNo(s.visibleInApp)}</Field>
              <Field label={t('connectorDetail.openToPublic')}>{yesNo(s.openToPublic)}</Field>
              {full && (
                <>
                  <Field label={t('maintenance.station.openingDate')}>{dash(full.openingDate)}</Field>
                  <Field label={t('maintenance.station.template')}>{dash(full.template)}</Field>
                  <Field label={t('maintenance.station.owner')}>{dash(full.ownerName)}</Field>
                  <Field label={t('maintenance.station.timeZone')}>{full.timeZone}</Field>
                  <Field label={t('maintenance.station.directions')}>{dash(full.directions)}</Field>
                  <Field label={t('connectorDetail.powerType')}>{dash(full.powerType)}</Field>
                  <Field label={t('maintenance.station.voltage')}>
                    {number(full.voltage, 'connectorDetail.volts')}
                  </Field>
                  <Field label={t('maintenance.station.amperage')}>
                    {number(full.amperage, 'connectorDetail.amps')}
                  </Field>
                  <Field label={t('maintenance.station.plugType')}>{dash(full.plugType)}</Field>
                  <Field label={t('maintenance.station.plugFormat')}>{dash(full.plugFormat)}</Field>
                  <Field label={t('maintenance.station.urlType')}>{dash(full.urlType)}</Field>
                  <Field label={t('maintenance.station.peerings')}>
                    {full.peerings.length
                      ? full.peerings.map((p) => p.id).join(', ')
                      : t('maintenance.station.noPeering')}
                  </Field>
                  <Field label={t('maintenance.station.profile')}>{dash(full.profile)}</Field>
                  <Field label={t('maintenance.station.installationDate')}>{dash(full.installationDate)}</Field>
                  <Field label={t('maintenance.station.commissioningDate')}>{dash(full.commissioningDate)}</Field>
                  <Field label={t('maintenance.station.midMeterSerial')}>{dash(full.midMeterSerial)}</Field>
                  <Field label={t('maintenance.station.paymentTerminalSerial')}>
                    {dash(full.paymentTerminalSerial)}
                  </Field>
                  <Field label={t('maintenance.station.energyStorageUrl')}>{dash(full.energyStorageUrl)}</Field>
                  <Field label={t('maintenance.station.qrPayment')}>{yesNo(full.qrPaymentEnabled)}</Field>
                  <Field label={t('maintenance.station.atHome')}>{yesNo(full.atHome)}</Field>
                  <Field label={t('maintenance.station.offline')}>{yesNo(full.offline)}</Field>
                  <Field label={t('maintenance.station.lastIp')}>{dash(full.lastIp)}</Field>
                  <Field label={t('maintenance.station.lastReset')}>{when(full.lastResetAt)}</Field>
                  <Field label={t('maintenance.station.lastAuthorization')}>{when(full.lastAuthorizationAt)}</Field>
                </>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('maintenance.totals.title')}
              </Text>
              {totals && (
                <>
                  <Field label={t('maintenance.totals.sessions')}>{formatNumber(totals.sessions, { currency })}</Field>
                  <Field label={t('maintenance.totals.inProgress')}>
                    {formatNumber(totals.inProgress, { currency })}
                  </Field>
                  <Field label={t('maintenance.totals.energy')}>
                    {t('maintenance.sessions.kwh', { value: formatNumber(totals.energyWh / 1000, { currency }) })}
                  </Field>
                  <Field label={t('maintenance.totals.chargingTime')}>
                    {t('maintenance.totals.hours', { value: formatNumber(totals.chargingMinutes / 60, { currency }) })}
                  </Field>
                  <Field label={t('maintenance.totals.first')}>{when(totals.firstSessionAt)}</Field>
                  <Field label={t('maintenance.totals.last')}>{when(totals.lastSessionAt)}</Field>
                </>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <RecentSessionsCard data={data} />
        </Layout.Section>
        {data.deviceModel ? (
          <Layout.Section>
            <DeviceModelCard model={data.deviceModel} />
          </Layout.Section>
        ) : null}
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
