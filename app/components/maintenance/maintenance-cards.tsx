/**
 * @module The maintenance screen's read-only cards (a connector's state, its latest sessions, its
 * customer-service log), also shown on the connector's detail and support pages.
 */
import { Badge, BlockStack, Button, Card, InlineStack, ResourceItem, ResourceList, Text } from '@shopify/polaris';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import type { MaintenanceData } from './maintenance-view';
import { logDate, ResultBadge, type ServiceLogEntry, ServiceLogModal } from './service-log-modal';

export function Field({ label, children }: { label: string; children: ReactNode }) {
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

export function RecentSessionsCard({
  data,
}: {
  data: Pick<MaintenanceData, 'sessions' | 'timeZone' | 'language' | 'currency'>;
}) {
  const { t } = useTranslation();
  const { sessions, timeZone, language, currency } = data;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('maintenance.sessions.title')}
        </Text>
        {sessions.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('maintenance.sessions.empty')}
          </Text>
        ) : (
          sessions.map((s) => (
            <InlineStack key={s.id} align="space-between" gap="200" blockAlign="center">
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {formatDateTime(s.startAt, { timeZone, language })}
                </Text>
                <Text as="span" tone="subdued" variant="bodySm">
                  {s.userEmail ?? s.authId} · {s.startMethod}
                </Text>
              </BlockStack>
              {s.status === 'in_progress' ? (
                <Badge tone="attention">{t('maintenance.sessions.inProgress')}</Badge>
              ) : s.refusedStatus !== null || s.endedWithoutStop ? (
                <InlineStack gap="100" blockAlign="center">
                  <Badge tone="warning">
                    {s.refusedStatus !== null
                      ? `${t('sessions.status.refused')} (${s.refusedStatus})`
                      : t('sessions.status.ended_without_stop')}
                  </Badge>
                  {s.energyWh === null || s.energyWh === 0 ? null : (
                    <Text as="span">
                      {t('maintenance.sessions.kwh', { value: formatNumber(s.energyWh / 1000, { currency }) })}
                    </Text>
                  )}
                </InlineStack>
              ) : (
                <Text as="span">
                  {s.energyWh === null
                    ? '—'
                    : t('maintenance.sessions.kwh', { value: formatNumber(s.energyWh / 1000, { currency }) })}
                </Text>
              )}
            </InlineStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}

export function ConnectorLogCard({ data }: { data: MaintenanceData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ServiceLogEntry | null>(null);
  if (!data.logs) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            {t('maintenance.log.title')}
          </Text>
          <Button variant="plain" url="/connectors/customer-service-logs">
            {t('maintenance.links.serviceLogs')}
          </Button>
        </InlineStack>
        {data.logs.data.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('maintenance.log.empty')}
          </Text>
        ) : (
          <ResourceList
            items={data.logs.data}
            renderItem={(entry) => (
              <ResourceItem
                id={String(entry.id)}
                onClick={() => setOpen(entry)}
                accessibilityLabel={`${entry.action} ${logDate(entry.created_at)}`}
              >
                <InlineStack align="space-between" gap="200" blockAlign="center">
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {entry.action}
                    </Text>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {formatDateTime(entry.created_at, { timeZone: data.timeZone, language: data.language })} ·{' '}
                      {entry.user_email ?? '—'}
                    </Text>
                  </BlockStack>
                  <InlineStack gap="100">
                    {entry.reply_status && <Badge>{entry.reply_status}</Badge>}
                    <ResultBadge entry={entry} />
                  </InlineStack>
                </InlineStack>
              </ResourceItem>
            )}
          />
        )}
      </BlockStack>
      <ServiceLogModal entry={open} permissions={data.permissions} onClose={() => setOpen(null)} />
    </Card>
  );
}

export function StateCard({ data }: { data: MaintenanceData }) {
  const { t } = useTranslation();
  const { connector: c, timeZone, language } = data;
  const when = (v: string | null) => (v ? formatDateTime(v, { timeZone, language }) : t('maintenance.state.never'));
  const running = data.sessions.find((s) => s.status === 'in_progress');
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('maintenance.state.title')}
        </Text>
        <Field label={t('maintenance.state.status')}>
          <Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>
        </Field>
        <Field label={t('maintenance.state.since')}>{when(c.statusChangedAt)}</Field>
        <Field label={t('maintenance.state.errorCode')}>{c.errorCode ?? '—'}</Field>
        <Field label={t('maintenance.state.info')}>{c.statusInfo ?? '—'}</Field>
        <Field label={t('maintenance.state.lastSeen')}>{when(c.station.lastSeenAt)}</Field>
        <Text as="p" tone="subdued">
          {running
            ? t('maintenance.state.sessionInProgress', {
                start: formatDateTime(running.startAt, { timeZone, language }),
                who: running.userEmail ?? running.authId,
              })
            : t('maintenance.state.noSession')}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {t('maintenance.state.live')}
        </Text>
      </BlockStack>
    </Card>
  );
}
