/**
 * @module The maintenance page's "Reservations" card (OCPP block H, both versions; ADR 058 addendum): the
 * reservations the station holds (card, connector or whole station, until when), a form to make one
 * (ReserveNow) and a confirmed cancel (CancelReservation); the ones ended lately below. Shown to users
 * with connectors:command:advanced (the loader reads nothing for others).
 */
import { useFetcher } from '@remix-run/react';
import {
  Badge,
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
import { tKey } from '../../i18n/resources';
import { formatDateTime } from '../../lib/format';
import type { StationCardOutcome, StationReservations } from '../../lib/maintenance-station.server';
import { CancelConfirmModal } from './cancel-confirm-modal';
import type { MaintenanceData } from './maintenance-view';
import { useCardAnswer } from './use-card-answer';

type Reservation = StationReservations['data'][number];

export function ReservationsCard({ data }: { data: MaintenanceData }) {
  const { t } = useTranslation();
  const { connector: c, timeZone, language, reservations } = data;
  const fetcher = useFetcher<{ card: StationCardOutcome | null }>();
  const answer = useCardAnswer(fetcher, 'stationCommands.reservations');
  const [target, setTarget] = useState(String(c.connectorNumber));
  const [idTag, setIdTag] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<{ field: 'idTag' | 'until'; message: string } | null>(null);
  const [zone, setZone] = useState('');
  const [cancelling, setCancelling] = useState<Reservation | null>(null);

  // The browser's zone is known only in the browser (the time is entered in it).
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  useEffect(() => {
    if (answer?.kind === 'reserve' && answer.succeeded) {
      setIdTag('');
      setUntil('');
    }
  }, [answer]);

  if (!reservations) return null;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { timeZone, language }) : '—');
  const targetOf = (r: Reservation) =>
    r.connector_id === null
      ? t('stationCommands.reservations.station')
      : t('stationCommands.reservations.connector', { n: r.connector_id });
  const held = reservations.data.filter((r) => r.status === 'Reserved');
  const ended = reservations.data.filter((r) => r.status !== 'Reserved').slice(0, 5);
  const busy = fetcher.state !== 'idle';

  const submit = () => {
    if (!idTag.trim()) return setError({ field: 'idTag', message: t('stationCommands.reservations.cardRequired') });
    const due = new Date(until);
    if (!until || Number.isNaN(due.getTime()) || due.getTime() <= Date.now()) {
      return setError({ field: 'until', message: t('stationCommands.reservations.untilRequired') });
    }
    fetcher.submit(
      {
        intent: 'reserve',
        stationUid: c.station.uid,
        connectorId: target,
        idTag: idTag.trim(),
        expiryDate: due.toISOString(),
      },
      { method: 'post' },
    );
  };

  const row = (r: Reservation, cancellable: boolean) => (
    <ResourceItem id={String(r.id)} onClick={() => undefined} accessibilityLabel={`${r.id} ${targetOf(r)}`}>
      <InlineStack align="space-between" gap="200" blockAlign="center">
        <BlockStack gap="050">
          <Text as="span" fontWeight="semibold">
            #{r.id} · {targetOf(r)}
          </Text>
          <Text as="span" tone="subdued" variant="bodySm">
            {t('stationCommands.reservations.line', { card: r.id_tag ?? '—', until: when(r.expiry_date) })}
          </Text>
        </BlockStack>
        <InlineStack gap="200" blockAlign="center">
          <Badge tone={r.status === 'Reserved' ? 'attention' : undefined}>
            {tKey(t, `stationCommands.reservations.status.${r.status}`)}
          </Badge>
          {cancellable && (
            <Button variant="plain" tone="critical" onClick={() => setCancelling(r)} disabled={busy}>
              {t('stationCommands.reservations.cancel')}
            </Button>
          )}
        </InlineStack>
      </InlineStack>
    </ResourceItem>
  );

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('stationCommands.reservations.title')}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t('stationCommands.reservations.help')}
        </Text>
        <InlineStack gap="200" wrap blockAlign="end">
          <Select
            label={t('stationCommands.reservations.target')}
            options={[
              {
                label: t('stationCommands.reservations.targetConnector', { evse: c.evseId ?? c.uid }),
                value: String(c.connectorNumber),
              },
              { label: t('stationCommands.reservations.targetStation'), value: '0' },
            ]}
            value={target}
            onChange={setTarget}
          />
          <TextField
            label={t('stationCommands.reservations.card')}
            value={idTag}
            onChange={(v) => {
              setIdTag(v);
              setError(null);
            }}
            maxLength={20}
            error={error?.field === 'idTag' ? error.message : undefined}
            autoComplete="off"
          />
        </InlineStack>
        <TextField
          label={t('stationCommands.reservations.until')}
          type="datetime-local"
          value={until}
          onChange={(v) => {
            setUntil(v);
            setError(null);
          }}
          helpText={t('stationCommands.reservations.untilHelp', { zone: zone || '…' })}
          error={error?.field === 'until' ? error.message : undefined}
          autoComplete="off"
        />
        <InlineStack>
          <Button onClick={submit} loading={busy && fetcher.formData?.get('intent') === 'reserve'} disabled={busy}>
            {t('stationCommands.reservations.submit')}
          </Button>
        </InlineStack>
        {held.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('stationCommands.reservations.empty')}
          </Text>
        ) : (
          <ResourceList items={held} renderItem={(r) => row(r, true)} />
        )}
        {ended.length > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t('stationCommands.reservations.ended')}
            </Text>
            <ResourceList items={ended} renderItem={(r) => row(r, false)} />
          </BlockStack>
        )}
      </BlockStack>
      <CancelConfirmModal
        item={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={(r) =>
          fetcher.submit(
            { intent: 'cancel-reservation', stationUid: c.station.uid, reservationId: String(r.id) },
            { method: 'post' },
          )
        }
        title={(r) => t('stationCommands.reservations.cancelTitle', { id: r.id })}
        body={(r) =>
          t('stationCommands.reservations.cancelBody', {
            target: targetOf(r),
            card: r.id_tag ?? '—',
            until: when(r.expiry_date),
          })
        }
        confirm={t('stationCommands.reservations.cancelConfirm')}
        keep={t('stationCommands.reservations.keep')}
      />
    </Card>
  );
}
