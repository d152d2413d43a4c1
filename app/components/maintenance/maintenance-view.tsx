/**
 * @module The maintenance screen of one connector (spec 2 "Maintenance", 4 "Connector status"):
 * its live state, the commands the user's role allows, each behind a confirmation, the charge
 * point's real answer in a banner and a toast, and the connector's customer-service log.
 */
import { useFetcher } from '@remix-run/react';
import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, Layout, Modal, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { connectorLinks } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import type {
  CommandIntent,
  CommandOutcome,
  ConnectorDetail,
  RecentSessions,
  ScheduledChanges,
  ServiceLogPage,
  StartUsers,
} from '../../lib/maintenance.server';
import type { StationReservations } from '../../lib/maintenance-station.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { useFeedback } from '../feedback';
import { ConnectorLogCard, RecentSessionsCard, StateCard } from './maintenance-cards';
import { NetworkProfileCard } from './network-profile-card';
import { ReservationsCard } from './reservations-card';
import { ScheduledChangesCard } from './scheduled-changes';
import { StartUserPicker } from './start-user-picker';

export interface MaintenanceData {
  connector: ConnectorDetail;
  sessions: RecentSessions;
  /** The station's scheduled availability changes; null when they could not be read. */
  schedules: ScheduledChanges | null;
  /** The station's reservations and OCPP version (advanced commands only); null otherwise. */
  reservations: StationReservations | null;
  logs: ServiceLogPage | null;
  users: StartUsers | null;
  permissions: string[];
  companyId: number;
  timeZone: string;
  language: string;
  currency: string;
}

/** The banner's tone and text for a command's outcome. */
function useOutcomeText() {
  const { t } = useTranslation();
  return (o: CommandOutcome) => {
    const action = tKey(t, `maintenance.action.${o.intent}`);
    if (o.answered && o.succeeded && o.replyStatus === 'Scheduled') {
      return { tone: 'info' as const, text: t('maintenance.answer.scheduled', { action }) };
    }
    if (o.answered && o.succeeded) {
      return {
        tone: 'success' as const,
        text: t('maintenance.answer.accepted', { action, status: o.replyStatus ?? '' }),
      };
    }
    if (o.answered) {
      return {
        tone: 'warning' as const,
        text: t('maintenance.answer.refused', { action, status: o.replyStatus ?? '' }),
      };
    }
    return {
      tone: 'critical' as const,
      text: t('maintenance.answer.failed', { action, message: o.message ?? t('maintenance.answer.unknown') }),
    };
  };
}

export function MaintenanceView({ data, title }: { data: MaintenanceData; title: string }) {
  const { t } = useTranslation();
  const { connector: c, permissions } = data;
  const s = c.station;
  useLiveFeed(data.companyId);
  const basic = permissions.includes('connectors:command:basic');
  const advanced = permissions.includes('connectors:command:advanced');
  const command = useFetcher<{ outcome: CommandOutcome | null }>();
  const [pending, setPending] = useState<CommandIntent | null>(null);
  const [startUser, setStartUser] = useState('');
  const [outcome, setOutcome] = useState<CommandOutcome | null>(null);
  const describe = useOutcomeText();
  const { toast } = useFeedback();
  const running = data.sessions.find((x) => x.status === 'in_progress');

  useEffect(() => {
    const o = command.data?.outcome;
    if (command.state !== 'idle' || !o || o.id === outcome?.id) return;
    setOutcome(o);
    const { tone, text } = describe(o);
    toast(text, { error: tone === 'critical' || tone === 'warning' });
  }, [command.state, command.data, outcome, describe, toast]);

  const send = (intent: CommandIntent) => {
    const form: Record<string, string> = { intent, connectorUid: c.uid };
    if (intent === 'start') form.userId = startUser;
    if (intent === 'stop' && running?.userId) form.userId = String(running.userId);
    command.submit(form, { method: 'post' });
    setPending(null);
  };

  const button = (intent: CommandIntent, label: string, destructive = false) => (
    <Button
      key={intent}
      onClick={() => setPending(intent)}
      tone={destructive ? 'critical' : undefined}
      loading={command.state !== 'idle' && command.formData?.get('intent') === intent}
      disabled={command.state !== 'idle'}
    >
      {label}
    </Button>
  );

  const banner = outcome ? describe(outcome) : null;
  const availability = pending === 'set-operative' || pending === 'set-inoperative' || pending?.startsWith('station-');

  return (
    <Page
      title={title}
      subtitle={`${s.name} · ${s.uid}`}
      titleMetadata={<Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>}
      backAction={{ content: t('maintenance.back'), url: connectorLinks.detail(c.id) }}
      secondaryActions={[
        { content: t('maintenance.links.detail'), url: connectorLinks.detail(c.id) },
        { content: t('maintenance.links.ocppLog'), url: connectorLinks.ocppLog(s.uid, c.uid) },
        ...(advanced
          ? [{ content: t('maintenance.links.configuration'), url: connectorLinks.configuration(c.id, s.uid) }]
          : []),
        ...(permissions.includes('stations:edit')
          ? [{ content: t('maintenance.links.updateStation'), url: connectorLinks.updateStation(c.id, s.id, c.uid) }]
          : []),
      ]}
    >
      <BlockStack gap="400">
        {banner && (
          <Banner tone={banner.tone} onDismiss={() => setOutcome(null)}>
            <p data-testid="command-answer">{banner.text}</p>
          </Banner>
        )}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <StateCard data={data} />
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    {t('maintenance.commands.title')}
                  </Text>
                  {!basic && !advanced && (
                    <Banner tone="info">
                      <p>{t('maintenance.commands.viewOnly')}</p>
                    </Banner>
                  )}
                  {basic && (
                    <BlockStack gap="200">
                      <Text as="h3" variant="headingSm">
                        {t('maintenance.commands.session')}
                      </Text>
                      <InlineStack gap="200">
                        {button('start', t('maintenance.commands.start'))}
                        {button('stop', t('maintenance.commands.stop'), true)}
                      </InlineStack>
                      <Text as="h3" variant="headingSm">
                        {t('maintenance.commands.connector')}
                      </Text>
                      <InlineStack gap="200">
                        {button('unlock', t('maintenance.commands.unlock'))}
                        {button('reset-soft', t('maintenance.commands.resetSoft'))}
                        {button('reset-hard', t('maintenance.commands.resetHard'), true)}
                      </InlineStack>
                    </BlockStack>
                  )}
                  {advanced && (
                    <BlockStack gap="200">
                      <Text as="h3" variant="headingSm">
                        {t('maintenance.commands.availability')}
                      </Text>
                      <InlineStack gap="200">
                        {button('set-operative', t('maintenance.commands.setOperative'))}
                        {button('set-inoperative', t('maintenance.commands.setInoperative'), true)}
                      </InlineStack>
                      <Text as="h3" variant="headingSm">
                        {t('maintenance.commands.station')}
                      </Text>
                      <InlineStack gap="200">
                        {button('station-available', t('maintenance.commands.stationAvailable'))}
                        {button('station-out-of-order', t('maintenance.commands.stationOutOfOrder'), true)}
                      </InlineStack>
                      <Text as="p" variant="bodySm" tone="subdued">
                        {t('maintenance.commands.scheduleNote')}
                      </Text>
                    </BlockStack>
                  )}
                </BlockStack>
              </Card>
              <ScheduledChangesCard data={data} />
              <ReservationsCard data={data} />
              <NetworkProfileCard data={data} />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <ConnectorLogCard data={data} />
              <RecentSessionsCard data={data} />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending ? tKey(t, `maintenance.confirm.${pending}.title`, { evse: c.evseId ?? c.uid, station: s.name }) : ''
        }
        primaryAction={{
          content: t('maintenance.confirm.send'),
          destructive: pending === 'stop' || pending === 'reset-hard' || pending === 'set-inoperative',
          disabled: pending === 'start' && !startUser,
          onAction: () => pending && send(pending),
        }}
        secondaryActions={[{ content: t('maintenance.confirm.cancel'), onAction: () => setPending(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{pending ? tKey(t, `maintenance.confirm.${pending}.body`) : ''}</Text>
            {availability && (
              <Box>
                <Text as="p" tone="subdued">
                  {t('maintenance.commands.scheduleNote')}
                </Text>
              </Box>
            )}
            {pending === 'start' && <StartUserPicker connectorId={c.id} chosen={startUser} onChoose={setStartUser} />}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
