/** @module The configuration page's Firmware tab: the firmware files a station can install, an upgrade started from one, and its progress. */
import { useRevalidator, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, DropZone, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileList, Progress } from './shared';
import { FilesTable, StatusCard } from './transfer-cards';

export function FirmwareTab(props: { uid: string; progress: Progress; files: FileList; connected: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const upload = async (file: File) => {
    setUploading(true);
    setUploadMessage(null);
    try {
      const res = await fetch(
        `/api/stations/${encodeURIComponent(props.uid)}/firmware/${encodeURIComponent(file.name)}`,
        {
          method: 'POST',
          body: file,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/octet-stream' },
        },
      );
      const body = (await res.json().catch(() => null)) as { filename?: string; 'error-msg'?: string } | null;
      if (!res.ok) throw new Error(body?.['error-msg'] || String(res.status));
      setUploadMessage({ ok: true, text: t('stationConfig.firmware.uploaded', { file: body?.filename ?? file.name }) });
      revalidator.revalidate();
    } catch (error) {
      setUploadMessage({
        ok: false,
        text: t('stationConfig.firmware.uploadError', { reason: error instanceof Error ? error.message : '' }),
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('stationConfig.firmware.upload')}
          </Text>
          <Text as="p" tone="subdued">
            {t('stationConfig.firmware.uploadHint')}
          </Text>
          {uploadMessage && (
            <Banner tone={uploadMessage.ok ? 'success' : 'critical'} onDismiss={() => setUploadMessage(null)}>
              <p>{uploadMessage.text}</p>
            </Banner>
          )}
          <DropZone
            allowMultiple={false}
            disabled={uploading}
            onDrop={(_all, accepted) => {
              const file = accepted[0];
              if (file) void upload(file);
            }}
          >
            <DropZone.FileUpload
              actionTitle={uploading ? t('stationConfig.firmware.uploading') : t('stationConfig.firmware.upload')}
            />
          </DropZone>
        </BlockStack>
      </Card>
      <StatusCard
        title={t('stationConfig.firmware.status')}
        empty={t('stationConfig.firmware.noStatus')}
        progress={props.progress}
        resetIntent="reset-firmware-status"
      />
      <FilesTable
        files={props.files}
        emptyTitle={t('stationConfig.firmware.emptyTitle')}
        emptyBody={t('stationConfig.firmware.emptyBody')}
        action={(filename) => (
          <Button size="slim" disabled={!props.connected} onClick={() => setConfirming(filename)}>
            {t('stationConfig.firmware.upgrade')}
          </Button>
        )}
      />
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('stationConfig.firmware.confirmTitle', { file: confirming ?? '' })}
        primaryAction={{
          content: t('stationConfig.firmware.confirm'),
          destructive: true,
          onAction: () => {
            if (confirming) submit({ intent: 'upgrade', firmware: confirming }, { method: 'post' });
            setConfirming(null);
          },
        }}
        secondaryActions={[{ content: t('stationConfig.config.cancel'), onAction: () => setConfirming(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('stationConfig.firmware.confirmBody', { file: confirming ?? '' })}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
