/** @module The configuration page's Diagnostics tab: a diagnostics upload requested over a time window, its progress and the files the station uploaded. */
import { useNavigation, useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileList, Progress } from './shared';
import { FilesTable, StatusCard } from './transfer-cards';

export function DiagnosticsTab(props: { uid: string; progress: Progress; files: FileList; connected: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'get-diagnostics';
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('stationConfig.diagnostics.request')}
          </Text>
          <Text as="p" tone="subdued">
            {t('stationConfig.diagnostics.requestBody')}
          </Text>
          <InlineStack gap="300" blockAlign="end">
            <TextField
              label={t('stationConfig.diagnostics.from')}
              type="datetime-local"
              value={from}
              onChange={setFrom}
              autoComplete="off"
            />
            <TextField
              label={t('stationConfig.diagnostics.to')}
              type="datetime-local"
              value={to}
              onChange={setTo}
              autoComplete="off"
            />
            <Button
              variant="primary"
              loading={sending}
              disabled={!props.connected}
              onClick={() => submit({ intent: 'get-diagnostics', startTime: from, stopTime: to }, { method: 'post' })}
            >
              {t('stationConfig.diagnostics.send')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <StatusCard
        title={t('stationConfig.diagnostics.status')}
        empty={t('stationConfig.diagnostics.noStatus')}
        progress={props.progress}
        resetIntent="reset-diagnostics-status"
      />
      <FilesTable
        files={props.files}
        emptyTitle={t('stationConfig.diagnostics.emptyTitle')}
        emptyBody={t('stationConfig.diagnostics.emptyBody')}
        action={(filename) => (
          <Button
            size="slim"
            url={`/api/stations/${encodeURIComponent(props.uid)}/get-diagnostics-file/${encodeURIComponent(filename)}`}
            download
          >
            {t('stationConfig.diagnostics.download')}
          </Button>
        )}
      />
    </BlockStack>
  );
}
