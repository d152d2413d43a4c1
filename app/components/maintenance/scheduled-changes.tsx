/**
 * @module The maintenance page's "Scheduled changes" card (ADR 027): the station's availability
 * changes to be sent later (connector or whole station), each one's state and the charge point's
 * answer once sent, a form to add one and a confirmed cancel (connectors:command:advanced only).
 */
import { useFetcher } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  ResourceItem,
  ResourceList,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import type { ScheduledChanges, ScheduleOutcome } from '../../lib/maintenance.server';
import { useFeedback } from '../feedback';
import { CancelConfirmModal } from './cancel-confirm-modal';
import type { MaintenanceData } from './maintenance-view';

type Entry = ScheduledChanges[number];

export function ScheduledChangesCard({ data }: { data: MaintenanceData }) {
  const { t } = useTranslation();
  const { connector: c, timeZone, language } = data;
  const advanced = data.permissions.includes('connectors:command:advanced');
  const fetcher = useFetcher<{ schedule: ScheduleOutcome | null }>();
  const { toast } = useFeedback();
  const [target, setTarget] = useState(String(c.connectorNumber));
  const [type, setType] = useState<'Inoperative' | 'Operative'>('Inoperative');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [zone, setZone] = useState('');
  const [cancelling, setCancelling] = useState<Entry | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { timeZone, language }) : '—');

  // The browser's zone is known only in the browser (the time is entered in it).
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);

  useEffect(() => {
    const o = fetcher.data?.schedule;
    if (fetcher.state !== 'idle' || !o || o.id === seen) return;
    setSeen(o.id);
    if (o.ok && o.kind === 'schedule') {
      toast(t('maintenance.scheduled.created', { at: when(o.dueAt) }));
      setAt('');
      setError(null);
    } else if (o.ok) {
      toast(t('maintenance.scheduled.cancelled'));
    } else {
      const message = o.message ?? '';
      if (o.kind === 'schedule') setError(message);
      toast(t('maintenance.scheduled.failed', { message }), { error: true });
    }
  });

  if (!data.schedules) return null;
  const evse = c.evseId ?? c.uid;
  const targetOf = (e: Entry) =>
    e.connector_id === 0 ? t('maintenance.scheduled.stationTarget') : (e.connector_uid ?? `#${e.connector_id}`);
  const what = (e: Entry) =>
    e.type === 'Operative' ? t('maintenance.scheduled.operative') : t('maintenance.scheduled.inoperative');

  const submit = () => {
    if (!at) {
      setError(t('maintenance.scheduled.atRequired'));
      return;
    }
    const due = new Date(at);
    if (Number.isNaN(due.getTime())) {
      setError(t('maintenance.scheduled.atRequired'));
      return;
    }
    fetcher.submit(
      { intent: 'schedule', stationUid: c.station.uid, connectorId: target, type, at: due.toISOString() },
      { method: 'post' },
    );
  };

  const stateBadge = (e: Entry) => {
    if (e.state === 'scheduled') return <Badge tone="attention">{t('maintenance.scheduled.stateScheduled')}</Badge>;
    if (e.state === 'cancelled') return <Badge>{t('maintenance.scheduled.stateCancelled')}</Badge>;
    return e.result?.succeeded ? (
      <Badge tone="success">{t('maintenance.scheduled.stateSucceeded', { status: e.result.reply_status ?? '' })}</Badge>
    ) : (
      <Badge tone="critical">
        {t('maintenance.scheduled.stateFailed', { reason: e.result?.error ?? e.result?.reply_status ?? '' })}
      </Badge>
    );
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('maintenance.scheduled.title')}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t('maintenance.scheduled.help')}
        </Text>
        {advanced ? (
          <BlockStack gap="200">
            <InlineStack gap="200" wrap blockAlign="end">
              <Select
                label={t('maintenance.scheduled.target')}
                options={[
                  { label: t('maintenance.scheduled.targetConnector', { evse }), value: String(c.connectorNumber) },
                  { label: t('maintenance.scheduled.targetStation'), value: '0' },
                ]}
                value={target}
                onChange={setTarget}
              />
              <Select
                label={t('maintenance.scheduled.type')}
                options={[
                  { label: t('maintenance.scheduled.inoperative'), value: 'Inoperative' },
                  { label: t('maintenance.scheduled.operative'), value: 'Operative' },
                ]}
                value={type}
                onChange={(v) => setType(v === 'Operative' ? 'Operative' : 'Inoperative')}
              />
            </InlineStack>
            <TextField
              label={t('maintenance.scheduled.at')}
              type="datetime-local"
              value={at}
              onChange={(v) => {
                setAt(v);
                setError(null);
              }}
              helpText={t('maintenance.scheduled.atHelp', { zone: zone || '…' })}
              error={error ?? undefined}
              autoComplete="off"
            />
            <InlineStack>
              <Button onClick={submit} loading={fetcher.state !== 'idle'} disabled={fetcher.state !== 'idle'}>
                {t('maintenance.scheduled.submit')}
              </Button>
            </InlineStack>
          </BlockStack>
        ) : (
          <Banner tone="info">
            <p>{t('maintenance.scheduled.viewOnly')}</p>
          </Banner>
        )}
        {data.schedules.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('maintenance.scheduled.empty')}
          </Text>
        ) : (
          <ResourceList
            items={data.schedules}
            renderItem={(e) => (
              <ResourceItem id={String(e.id)} onClick={() => undefined} accessibilityLabel={`${what(e)} ${e.due_at}`}>
                <InlineStack align="space-between" gap="200" blockAlign="center">
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {what(e)} · {targetOf(e)}
                    </Text>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {t('maintenance.scheduled.due', { at: when(e.due_at) })}
                      {e.created_by ? ` · ${t('maintenance.scheduled.by', { who: e.created_by })}` : ''}
                    </Text>
                  </BlockStack>
                  <InlineStack gap="200" blockAlign="center">
                    {stateBadge(e)}
                    {advanced && e.state === 'scheduled' && (
                      <Button variant="plain" tone="critical" onClick={() => setCancelling(e)}>
                        {t('maintenance.scheduled.cancel')}
                      </Button>
                    )}
                  </InlineStack>
                </InlineStack>
              </ResourceItem>
            )}
          />
        )}
      </BlockStack>
      <CancelConfirmModal
        item={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={(e) =>
          fetcher.submit(
            { intent: 'cancel-schedule', stationUid: c.station.uid, scheduleId: String(e.id) },
            { method: 'post' },
          )
        }
        title={() => t('maintenance.scheduled.cancelTitle')}
        body={(e) => t('maintenance.scheduled.cancelBody', { what: what(e), target: targetOf(e), at: when(e.due_at) })}
        confirm={t('maintenance.scheduled.cancelConfirm')}
        keep={t('maintenance.scheduled.keep')}
      />
    </Card>
  );
}
