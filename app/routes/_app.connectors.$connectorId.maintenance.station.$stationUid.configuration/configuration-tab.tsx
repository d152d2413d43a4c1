/** @module The configuration page's Configuration tab: the charge point's keys (GetConfiguration), each editable one changed through ChangeConfiguration, and a download of the list. */
import { useNavigation, useSubmit } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Modal,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigurationKey } from './shared';

export function ConfigurationTab(props: {
  uid: string;
  keys: ConfigurationKey[];
  unknownKeys: string[];
  error: string | null;
  connected: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<ConfigurationKey | null>(null);
  const [value, setValue] = useState('');
  const [downloadError, setDownloadError] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const busy = navigation.state !== 'idle';

  const download = async () => {
    setDownloading(true);
    setDownloadError(false);
    try {
      const res = await fetch(`/api/stations/${encodeURIComponent(props.uid)}/get-configuration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { reply: { configurationKey?: ConfigurationKey[] } };
      const rows = (body.reply.configurationKey ?? []).map((k) =>
        [k.key, k.value ?? '', k.readonly ? 'true' : 'false'].map((c) => `"${c.replaceAll('"', '""')}"`).join(','),
      );
      const csv = ['key,value,readonly', ...rows].join('\r\n');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `${props.uid}-configuration-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setDownloadError(true);
    } finally {
      setDownloading(false);
    }
  };

  const send = () => {
    if (!editing) return;
    submit({ intent: 'set-configuration', key: editing.key, value }, { method: 'post' });
    setEditing(null);
  };

  return (
    <Card padding="0">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <div style={{ padding: 'var(--p-space-300) var(--p-space-400) 0' }}>
            <Text as="h2" variant="headingMd">
              {t('stationConfig.config.count', { count: props.keys.length })}
            </Text>
          </div>
          <div style={{ padding: 'var(--p-space-300) var(--p-space-400) 0' }}>
            <Button onClick={download} loading={downloading} disabled={!props.connected}>
              {t('stationConfig.config.download')}
            </Button>
          </div>
        </InlineStack>
        {downloadError && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Banner tone="critical" onDismiss={() => setDownloadError(false)}>
              <p>{t('stationConfig.config.downloadError')}</p>
            </Banner>
          </div>
        )}
        {props.error && props.connected && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Banner tone="critical" title={t('stationConfig.commandFailed')}>
              <p>{props.error}</p>
            </Banner>
          </div>
        )}
        {props.unknownKeys.length > 0 && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Text as="p" tone="subdued">
              {t('stationConfig.config.unknownKeys', { keys: props.unknownKeys.join(', ') })}
            </Text>
          </div>
        )}
        <IndexTable
          resourceName={{ singular: t('stationConfig.config.key'), plural: t('stationConfig.config.key') }}
          itemCount={props.keys.length}
          selectable={false}
          loading={busy}
          emptyState={
            <EmptyState heading={t('stationConfig.config.emptyTitle')} image="">
              <p>{t('stationConfig.config.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('stationConfig.config.key') },
            { title: t('stationConfig.config.value') },
            { title: t('stationConfig.config.readonly') },
            { title: '' },
          ]}
        >
          {props.keys.map((k, i) => (
            <IndexTable.Row id={k.key} key={k.key} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {k.key}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" breakWord>
                  {k.value ?? '—'}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {k.readonly ? <Badge>{t('stationConfig.config.yes')}</Badge> : t('stationConfig.config.no')}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {!k.readonly && (
                  <Button
                    size="slim"
                    disabled={!props.connected || busy}
                    accessibilityLabel={`${t('stationConfig.config.edit')} ${k.key}`}
                    onClick={() => {
                      setEditing(k);
                      setValue(k.key === 'AuthorizationKey' ? '' : (k.value ?? ''));
                    }}
                  >
                    {t('stationConfig.config.edit')}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </BlockStack>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('stationConfig.config.modalTitle', { key: editing?.key ?? '' })}
        primaryAction={{ content: t('stationConfig.config.send'), onAction: send, disabled: !props.connected }}
        secondaryActions={[{ content: t('stationConfig.config.cancel'), onAction: () => setEditing(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('stationConfig.config.modalBody')}</Text>
            {editing?.key === 'AuthorizationKey' && (
              <Banner tone="info">
                <p>{t('stationConfig.config.authorizationKeyHint')}</p>
              </Banner>
            )}
            <TextField
              label={t('stationConfig.config.newValue')}
              value={value}
              onChange={setValue}
              autoComplete="off"
              type={editing?.key === 'AuthorizationKey' ? 'password' : 'text'}
              maxLength={500}
            />
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
