/** @module The OCPP log screen shared by the station and connector routes: URL-kept filters, UTC, expandable frames. */

import { STATION_LOG_EVENT_TYPES } from '@domain/ocpp/station-log';
import { CHARGE_POINT_ERROR_CODES } from '@domain/stations/statuses';
import { useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineGrid,
  InlineStack,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { LogFilters, loadLog, StationLogRow } from './log.server';

const MESSAGE_TYPE: Record<number, string> = {
  2: 'stationLog.call',
  3: 'stationLog.callResult',
  4: 'stationLog.callError',
};
const DIRECTION_TONE = { in: 'info', out: 'success', internal: undefined } as const;

/** `2026-11-21T08:05:03.120Z` → `2026-11-21 08:05:03.120` (UTC, as the column says). */
const utc = (iso: string) => iso.replace('T', ' ').replace('Z', '');

function pretty(frame: string | null): string {
  if (frame === null) return '';
  try {
    return JSON.stringify(JSON.parse(frame), null, 2);
  } catch {
    return frame;
  }
}

export function StationLogView() {
  const { t } = useTranslation();
  const { log, filters, invalid } = useLoaderData<Awaited<ReturnType<typeof loadLog>>>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [draft, setDraft] = useState<LogFilters>(filters);
  const [open, setOpen] = useState<Set<number>>(new Set());

  const apply = (next: LogFilters) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, v);
    setParams(params, { preventScrollReset: true, replace: true });
  };
  const change = (key: keyof LogFilters, immediate: boolean) => (value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (immediate) apply(next);
  };
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const station = log?.station;
  const subtitle = !station
    ? undefined
    : log.connector
      ? t('stationLog.subtitleConnector', {
          station: station.name ?? station.uid,
          evse: log.connector.evse_id ?? log.connector.uid,
        })
      : t('stationLog.subtitleStation', { station: station.name ?? station.uid });
  const back = log?.connector ? `/connectors/${log.connector.id}/detail` : '/connectors/list';
  const rows: StationLogRow[] = log?.data ?? [];
  const any = { label: t('stationLog.any'), value: '' };

  return (
    <Page
      title={t('stationLog.title')}
      subtitle={subtitle}
      backAction={{ content: t('stationLog.back'), url: back }}
      fullWidth
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <InlineGrid columns={{ xs: 1, sm: 2, md: 5 }} gap="300">
              <Select
                label={t('stationLog.errorCode')}
                options={[any, ...CHARGE_POINT_ERROR_CODES.map((c) => ({ label: c, value: c }))]}
                value={draft.error}
                onChange={change('error', true)}
              />
              <Select
                label={t('stationLog.eventType')}
                options={[any, ...STATION_LOG_EVENT_TYPES.map((e) => ({ label: e, value: e }))]}
                value={draft.event}
                onChange={change('event', true)}
              />
              <Select
                label={t('stationLog.order')}
                options={[
                  { label: t('stationLog.newestFirst'), value: '' },
                  { label: t('stationLog.oldestFirst'), value: 'asc' },
                ]}
                value={draft.order}
                onChange={change('order', true)}
              />
              <TextField
                label={t('stationLog.fromUtc')}
                type="datetime-local"
                autoComplete="off"
                value={draft.from}
                onChange={change('from', false)}
                onBlur={() => draft.from !== filters.from && apply(draft)}
              />
              <TextField
                label={t('stationLog.toUtc')}
                type="datetime-local"
                autoComplete="off"
                value={draft.to}
                onChange={change('to', false)}
                onBlur={() => draft.to !== filters.to && apply(draft)}
              />
            </InlineGrid>
            <InlineStack gap="200" align="space-between" blockAlign="center">
              <Text as="p" tone="subdued">
                {t('stationLog.utcNote')}
              </Text>
              <InlineStack gap="200">
                <Button
                  onClick={() => {
                    const cleared = { from: '', to: '', error: '', event: '', order: draft.order };
                    setDraft(cleared);
                    apply(cleared);
                  }}
                >
                  {t('stationLog.clear')}
                </Button>
                <Button variant="primary" onClick={() => apply(draft)} loading={navigation.state === 'loading'}>
                  {t('stationLog.apply')}
                </Button>
              </InlineStack>
            </InlineStack>
            {invalid ? <Banner tone="critical">{invalid}</Banner> : null}
          </BlockStack>
        </Card>
        <Card padding="0">
          <IndexTable
            resourceName={{ singular: t('stationLog.title'), plural: t('stationLog.title') }}
            itemCount={rows.length}
            selectable={false}
            loading={navigation.state === 'loading'}
            emptyState={
              <EmptyState heading={t('stationLog.emptyTitle')} image="">
                <p>{t('stationLog.emptyBody')}</p>
              </EmptyState>
            }
            headings={[
              { title: t('stationLog.colTime') },
              { title: t('stationLog.colDirection') },
              { title: t('stationLog.colMessage') },
              { title: t('stationLog.colAction') },
              { title: t('stationLog.colConnector') },
              { title: t('stationLog.colErrorCode') },
              { title: t('stationLog.colEventType') },
              { title: t('stationLog.colPayload') },
            ]}
            pagination={{ hasNext: false, hasPrevious: false, label: t('stationLog.count', { count: rows.length }) }}
          >
            {rows.map((row, index) => (
              <Fragment key={row.id}>
                <IndexTable.Row id={String(row.id)} position={index}>
                  <IndexTable.Cell>
                    <Text as="span" variant="bodySm" fontWeight="medium">
                      <time dateTime={row.created_at}>{utc(row.created_at)}</time>
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone={DIRECTION_TONE[row.direction]}>{tKey(t, `stationLog.${row.direction}`)}</Badge>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {row.message_type === null
                      ? tKey(t, row.direction === 'internal' ? 'stationLog.event' : 'stationLog.refused')
                      : tKey(t, MESSAGE_TYPE[row.message_type] ?? String(row.message_type))}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.action ?? '—'}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {row.connector_id === null || row.connector_id === 0
                      ? t('stationLog.stationWide')
                      : row.connector_id}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {row.chargingpoint_error_code_id && row.chargingpoint_error_code_id !== 'NoError' ? (
                      <Badge tone="critical">{row.chargingpoint_error_code_id}</Badge>
                    ) : (
                      (row.chargingpoint_error_code_id ?? '—')
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{row.station_log_event_type_id}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button
                      variant="plain"
                      onClick={() => toggle(row.id)}
                      disclosure={open.has(row.id) ? 'up' : 'down'}
                    >
                      {open.has(row.id) ? t('stationLog.hide') : t('stationLog.show')}
                    </Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
                {open.has(row.id) ? (
                  <IndexTable.Row id={`${row.id}-payload`} position={index}>
                    <IndexTable.Cell colSpan={8}>
                      <pre data-testid="frame" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
                        {pretty(row.payload)}
                      </pre>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ) : null}
              </Fragment>
            ))}
          </IndexTable>
        </Card>
      </BlockStack>
    </Page>
  );
}
