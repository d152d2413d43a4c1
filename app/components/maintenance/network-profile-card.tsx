/**
 * @module The maintenance page's "Network profile" form (OCPP 2.0.1 SetNetworkProfile, block B09; ADR 058
 * addendum): slot, CSMS URL (wss:// or https://), security profile, interface, message timeout and an
 * optional APN, sent after a confirmation; the station's answer (Accepted, Rejected, Failed) in a toast.
 * Shown for a 2.0.1 station to users with connectors:command:advanced; the API refuses a 1.6 station (409).
 */
import { useFetcher } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationCardOutcome } from '../../lib/maintenance-station.server';
import type { MaintenanceData } from './maintenance-view';
import { useCardAnswer } from './use-card-answer';

const INTERFACES = ['Wired0', 'Wired1', 'Wired2', 'Wired3', 'Wireless0', 'Wireless1', 'Wireless2', 'Wireless3'];
const APN_AUTH = ['AUTO', 'CHAP', 'PAP', 'NONE'];
const option = (v: string) => ({ label: v, value: v });

export function NetworkProfileCard({ data }: { data: MaintenanceData }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ card: StationCardOutcome | null }>();
  const answer = useCardAnswer(fetcher, 'stationCommands.networkProfile');
  const [fields, setFields] = useState({
    configurationSlot: '1',
    ocppCsmsUrl: '',
    securityProfile: '2',
    ocppInterface: 'Wired0',
    messageTimeout: '30',
    apn: '',
    apnAuthentication: 'AUTO',
    apnUserName: '',
    apnPassword: '',
  });
  const [confirming, setConfirming] = useState(false);
  if (data.reservations?.ocpp_version !== 'ocpp2.0.1') return null;
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const urlError = answer && !answer.answered ? (answer.message ?? undefined) : undefined;
  const busy = fetcher.state !== 'idle';

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('stationCommands.networkProfile.title')}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t('stationCommands.networkProfile.help')}
        </Text>
        <TextField
          label={t('stationCommands.networkProfile.url')}
          value={fields.ocppCsmsUrl}
          onChange={set('ocppCsmsUrl')}
          placeholder="wss://"
          helpText={t('stationCommands.networkProfile.urlHelp')}
          error={urlError}
          maxLength={512}
          autoComplete="off"
        />
        <InlineStack gap="200" wrap blockAlign="end">
          <TextField
            label={t('stationCommands.networkProfile.slot')}
            type="number"
            min={0}
            value={fields.configurationSlot}
            onChange={set('configurationSlot')}
            autoComplete="off"
          />
          <Select
            label={t('stationCommands.networkProfile.securityProfile')}
            options={['1', '2', '3'].map(option)}
            value={fields.securityProfile}
            onChange={set('securityProfile')}
          />
          <Select
            label={t('stationCommands.networkProfile.interface')}
            options={INTERFACES.map(option)}
            value={fields.ocppInterface}
            onChange={set('ocppInterface')}
          />
          <TextField
            label={t('stationCommands.networkProfile.timeout')}
            type="number"
            min={1}
            value={fields.messageTimeout}
            onChange={set('messageTimeout')}
            autoComplete="off"
          />
        </InlineStack>
        <InlineStack gap="200" wrap blockAlign="end">
          <TextField
            label={t('stationCommands.networkProfile.apn')}
            value={fields.apn}
            onChange={set('apn')}
            maxLength={512}
            autoComplete="off"
          />
          {fields.apn && (
            <>
              <Select
                label={t('stationCommands.networkProfile.apnAuthentication')}
                options={APN_AUTH.map(option)}
                value={fields.apnAuthentication}
                onChange={set('apnAuthentication')}
              />
              <TextField
                label={t('stationCommands.networkProfile.apnUser')}
                value={fields.apnUserName}
                onChange={set('apnUserName')}
                maxLength={20}
                autoComplete="off"
              />
              <TextField
                label={t('stationCommands.networkProfile.apnPassword')}
                type="password"
                value={fields.apnPassword}
                onChange={set('apnPassword')}
                maxLength={20}
                autoComplete="new-password"
              />
            </>
          )}
        </InlineStack>
        <InlineStack>
          <Button onClick={() => setConfirming(true)} loading={busy} disabled={busy || !fields.ocppCsmsUrl.trim()}>
            {t('stationCommands.networkProfile.submit')}
          </Button>
        </InlineStack>
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('stationCommands.networkProfile.confirmTitle')}
        primaryAction={{
          content: t('stationCommands.networkProfile.send'),
          destructive: true,
          onAction: () => {
            fetcher.submit(
              { intent: 'set-network-profile', stationUid: data.connector.station.uid, ...fields },
              { method: 'post' },
            );
            setConfirming(false);
          },
        }}
        secondaryActions={[
          { content: t('stationCommands.networkProfile.cancel'), onAction: () => setConfirming(false) },
        ]}
      >
        <Modal.Section>
          <Text as="p">{t('stationCommands.networkProfile.confirmBody', { slot: fields.configurationSlot })}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
