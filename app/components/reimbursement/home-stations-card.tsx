/**
 * @module An employee's home stations (issue 19 part 2): the list with each one's network station and
 * whether it is connected, add (an online station by its OCPP id, or an offline one), switch between
 * offline and online, and delete after a confirmation. Its actions go to the resource route
 * /fleet/home-reimbursement/user/{userId}/stations; the page's loader reads the list with
 * `loadHomeStations` (lib/home-stations.server.ts).
 */
import { useFetcher } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  EmptyState,
  FormLayout,
  IndexTable,
  InlineStack,
  Modal,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import type { HomeStation, HomeStationAnswer } from '../../lib/home-stations.server';
import { useOutcomeToast } from '../use-outcome-toast';

export type { HomeStation } from '../../lib/home-stations.server';

const ADD_FIELDS = ['name', 'stationUid', 'isOffline', 'meterSerial'] as const;

function AddModal({ action, open, onClose }: { action: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<HomeStationAnswer>();
  const [name, setName] = useState('');
  const [uid, setUid] = useState('');
  const [offline, setOffline] = useState(false);
  const [meter, setMeter] = useState('');
  const answer = fetcher.data?.intent === 'create' ? fetcher.data : undefined;
  useOutcomeToast(answer, answer?.ok ? { text: t('reimbursementSettings.stations.added') } : null);
  // Reset and close once per successful answer (not again when the modal is reopened).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!answer?.ok || handled.current === answer) return;
    handled.current = answer;
    setName('');
    setUid('');
    setOffline(false);
    setMeter('');
    onClose();
  }, [answer, onClose]);
  const refused = answer && !answer.ok ? answer : null;
  const errorOf = fieldErrorFrom(refused);
  const beside = failureBesideFields(refused, ADD_FIELDS);
  const submit = () =>
    fetcher.submit(
      { intent: 'create', name, stationUid: offline ? '' : uid, isOffline: String(offline), meterSerial: meter },
      { method: 'post', action },
    );
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('reimbursementSettings.stations.add')}
      primaryAction={{
        content: t('reimbursementSettings.stations.addAction'),
        onAction: submit,
        loading: fetcher.state !== 'idle',
      }}
      secondaryActions={[{ content: t('reimbursementSettings.stations.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {beside ? <Banner tone="critical">{beside}</Banner> : null}
          <FormLayout>
            <TextField
              label={t('reimbursementSettings.stations.name')}
              value={name}
              onChange={setName}
              maxLength={100}
              autoComplete="off"
              requiredIndicator
              error={errorOf('name')}
            />
            <Checkbox label={t('reimbursementSettings.stations.offline')} checked={offline} onChange={setOffline} />
            {offline ? null : (
              <TextField
                label={t('reimbursementSettings.stations.uid')}
                helpText={t('reimbursementSettings.stations.uidHelp')}
                value={uid}
                onChange={setUid}
                maxLength={64}
                autoComplete="off"
                requiredIndicator
                error={errorOf('stationUid')}
              />
            )}
            <TextField
              label={t('reimbursementSettings.stations.meterSerial')}
              value={meter}
              onChange={setMeter}
              maxLength={64}
              autoComplete="off"
              error={errorOf('meterSerial')}
            />
          </FormLayout>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function StationRow({
  station,
  index,
  action,
  canEdit,
  onDelete,
}: {
  station: HomeStation;
  index: number;
  action: string;
  canEdit: boolean;
  onDelete: (s: HomeStation) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<HomeStationAnswer>();
  const answer = fetcher.data?.intent === 'toggle' ? fetcher.data : undefined;
  useOutcomeToast(
    answer,
    answer
      ? answer.ok
        ? { text: t('reimbursementSettings.stations.updated') }
        : { text: answer.error ?? '', error: true }
      : null,
  );
  const toggle = () =>
    fetcher.submit(
      { intent: 'toggle', stationId: String(station.id), isOffline: String(!station.isOffline) },
      { method: 'post', action },
    );
  return (
    <IndexTable.Row id={String(station.id)} position={index}>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {station.name}
        </Text>
        {station.meterSerial ? (
          <Text as="p" tone="subdued">
            {t('reimbursementSettings.stations.meterSerial')}: {station.meterSerial}
          </Text>
        ) : null}
      </IndexTable.Cell>
      <IndexTable.Cell>
        {station.station ? (
          <BlockStack gap="100">
            <Text as="span">{station.station.name}</Text>
            <Text as="span" tone="subdued">
              {station.station.uid}
            </Text>
          </BlockStack>
        ) : (
          <Text as="span" tone="subdued">
            {t('reimbursementSettings.stations.noStation')}
          </Text>
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack gap="100">
          {station.isOffline ? (
            <Badge>{t('reimbursementSettings.stations.offlineBadge')}</Badge>
          ) : (
            <Badge tone="info">{t('reimbursementSettings.stations.online')}</Badge>
          )}
          {station.station && !station.isOffline ? (
            station.station.connected ? (
              <Badge tone="success">{t('reimbursementSettings.stations.connected')}</Badge>
            ) : (
              <Badge tone="attention">{t('reimbursementSettings.stations.disconnected')}</Badge>
            )
          ) : null}
        </InlineStack>
      </IndexTable.Cell>
      {canEdit ? (
        <IndexTable.Cell>
          <InlineStack gap="200" wrap={false}>
            {station.isOffline && station.station === null ? null : (
              <Button size="slim" onClick={toggle} loading={fetcher.state !== 'idle'}>
                {station.isOffline
                  ? t('reimbursementSettings.stations.setOnline')
                  : t('reimbursementSettings.stations.setOffline')}
              </Button>
            )}
            <Button size="slim" tone="critical" onClick={() => onDelete(station)}>
              {t('reimbursementSettings.stations.delete')}
            </Button>
          </InlineStack>
        </IndexTable.Cell>
      ) : null}
    </IndexTable.Row>
  );
}

export function HomeStationsCard({
  userId,
  stations,
  canEdit,
}: {
  userId: number;
  stations: HomeStation[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const action = `/fleet/home-reimbursement/user/${userId}/stations`;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<HomeStation | null>(null);
  const remover = useFetcher<HomeStationAnswer>();
  const removed = remover.data?.intent === 'delete' ? remover.data : undefined;
  useOutcomeToast(
    removed,
    removed
      ? removed.ok
        ? { text: t('reimbursementSettings.stations.deleted') }
        : { text: removed.error ?? '', error: true }
      : null,
  );
  useEffect(() => {
    if (removed) setDeleting(null);
  }, [removed]);
  const confirmDelete = () => {
    if (!deleting) return;
    remover.submit({ intent: 'delete', stationId: String(deleting.id) }, { method: 'post', action });
  };
  const headings = [
    { title: t('reimbursementSettings.stations.name') },
    { title: t('reimbursementSettings.stations.station') },
    { title: t('reimbursementSettings.stations.status') },
    ...(canEdit ? [{ title: t('reimbursementSettings.stations.actions') }] : []),
  ] as [{ title: string }, ...{ title: string }[]];

  return (
    <Card padding="0">
      <BlockStack gap="0">
        <div style={{ padding: 'var(--p-space-400)' }}>
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {t('reimbursementSettings.stations.title')}
            </Text>
            {canEdit ? (
              <Button onClick={() => setAdding(true)}>{t('reimbursementSettings.stations.add')}</Button>
            ) : null}
          </InlineStack>
        </div>
        {stations.length === 0 ? (
          <EmptyState heading={t('reimbursementSettings.stations.empty')} image="">
            <p>{t('reimbursementSettings.stations.emptyHelp')}</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{
              singular: t('reimbursementSettings.stations.title'),
              plural: t('reimbursementSettings.stations.title'),
            }}
            itemCount={stations.length}
            headings={headings}
            selectable={false}
          >
            {stations.map((s, i) => (
              <StationRow key={s.id} station={s} index={i} action={action} canEdit={canEdit} onDelete={setDeleting} />
            ))}
          </IndexTable>
        )}
      </BlockStack>
      {canEdit ? <AddModal action={action} open={adding} onClose={() => setAdding(false)} /> : null}
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('reimbursementSettings.stations.deleteTitle', { name: deleting?.name ?? '' })}
        primaryAction={{
          content: t('reimbursementSettings.stations.delete'),
          destructive: true,
          onAction: confirmDelete,
          loading: remover.state !== 'idle',
        }}
        secondaryActions={[{ content: t('reimbursementSettings.stations.cancel'), onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('reimbursementSettings.stations.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
