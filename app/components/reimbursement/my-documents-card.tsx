/**
 * @module The employee's "My documents" card (issue 19 part 3): upload a power contract (PDF) or a meter
 * reading (JPG, PNG or PDF, with its month and the index in kWh), see each document's review state, and
 * delete one not yet approved (asked first). The fetcher posts to /my-documents, which streams the file
 * to the API; the API reads the type from the bytes and answers why it refuses.
 */
import { kwhTextToWh, MAX_DOCUMENT_BYTES, type UploadType } from '@domain/reimbursement/documents';
import { useFetcher } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  DropZone,
  InlineError,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatKwh } from '../../lib/format';
import type { MyDocumentsAnswer } from '../../routes/_app.my-documents';
import { useOutcomeToast } from '../use-outcome-toast';
import type { DocumentRow } from './document-list';

export type MyDocument = DocumentRow;

export interface MyDocumentsCardProps {
  userId: number;
  documents: MyDocument[];
  homeStations: { id: number; name: string }[];
}

type Field = 'file' | 'period' | 'meterWh';

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

const TYPE_LABEL = {
  power_contract: 'reimbursementDocuments.typePowerContract',
  meter_reading: 'reimbursementDocuments.typeMeterReading',
  statement: 'reimbursementDocuments.typeStatement',
} as const;

function ReviewState({ doc }: { doc: MyDocument }) {
  const { t } = useTranslation();
  if (doc.type === 'statement') return null;
  if (doc.approved === null) return <Badge tone="attention">{t('reimbursementDocuments.pending')}</Badge>;
  return doc.approved ? (
    <Badge tone="success">{t('reimbursementDocuments.approved')}</Badge>
  ) : (
    <Badge tone="critical">{t('reimbursementDocuments.invalidated')}</Badge>
  );
}

export function MyDocumentsCard({ userId, documents, homeStations }: MyDocumentsCardProps) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<MyDocumentsAnswer>();
  const [type, setType] = useState<UploadType>('power_contract');
  const [file, setFile] = useState<File | null>(null);
  const [period, setPeriod] = useState(thisMonth());
  const [meterKwh, setMeterKwh] = useState('');
  const [station, setStation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [deleting, setDeleting] = useState<MyDocument | null>(null);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  useOutcomeToast(
    answer,
    !answer
      ? null
      : answer.ok
        ? {
            text: t(
              answer.done === 'uploaded'
                ? 'reimbursementDocuments.uploadedToast'
                : 'reimbursementDocuments.deletedToast',
            ),
          }
        : { text: answer.error, error: true },
  );
  // The API's refusal of a field shows under it (its message is already translated).
  const apiError = (field: Field) =>
    answer && !answer.ok && answer.field === field && !busy ? answer.error : undefined;
  const errorOf = (field: Field) => errors[field] ?? apiError(field);

  const upload = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!file) found.file = t('reimbursementDocuments.fileMissing');
    else if (file.size > MAX_DOCUMENT_BYTES) found.file = t('reimbursementDocuments.fileTooLarge');
    const wh = kwhTextToWh(meterKwh);
    if (type === 'meter_reading') {
      if (!/^\d{4}-\d{2}$/.test(period) || period > thisMonth())
        found.period = t('reimbursementDocuments.monthInvalid');
      if (wh === null) found.meterWh = t('reimbursementDocuments.meterIndexInvalid');
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    const form = new FormData();
    form.append('type', type);
    if (type === 'meter_reading') {
      form.append('period', period);
      form.append('meterWh', String(wh));
    }
    if (station) form.append('homeStationId', station);
    form.append('file', file);
    fetcher.submit(form, {
      method: 'post',
      action: `/my-documents?intent=upload&userId=${userId}`,
      encType: 'multipart/form-data',
    });
    setFile(null);
  };

  const remove = (doc: MyDocument) =>
    fetcher.submit(null, {
      method: 'post',
      action: `/my-documents?intent=delete&userId=${userId}&documentId=${doc.id}&type=${doc.type}`,
    });

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('reimbursementDocuments.cardTitle')}
        </Text>
        <Text as="p" tone="subdued">
          {t('reimbursementDocuments.cardIntro')}
        </Text>
        <BlockStack gap="300">
          <Select
            label={t('reimbursementDocuments.uploadType')}
            options={[
              { label: t('reimbursementDocuments.contractChoice'), value: 'power_contract' },
              { label: t('reimbursementDocuments.readingChoice'), value: 'meter_reading' },
            ]}
            value={type}
            onChange={(v) => setType(v === 'meter_reading' ? 'meter_reading' : 'power_contract')}
          />
          <BlockStack gap="100">
            <DropZone
              label={t('reimbursementDocuments.file')}
              allowMultiple={false}
              accept={type === 'power_contract' ? 'application/pdf' : 'application/pdf,image/jpeg,image/png'}
              onDrop={(_all, accepted) => setFile(accepted[0] ?? null)}
              error={Boolean(errorOf('file'))}
            >
              {file ? (
                <Text as="p" alignment="center">
                  {file.name}
                </Text>
              ) : (
                <DropZone.FileUpload actionHint={t('reimbursementDocuments.fileHelp')} />
              )}
            </DropZone>
            {errorOf('file') ? <InlineError message={errorOf('file') ?? ''} fieldID="my-documents-file" /> : null}
          </BlockStack>
          {type === 'meter_reading' ? (
            <InlineStack gap="300" wrap>
              <TextField
                label={t('reimbursementDocuments.month')}
                type="month"
                value={period}
                max={thisMonth()}
                onChange={setPeriod}
                error={errorOf('period')}
                autoComplete="off"
              />
              <TextField
                label={t('reimbursementDocuments.meterIndex')}
                value={meterKwh}
                onChange={setMeterKwh}
                inputMode="decimal"
                helpText={t('reimbursementDocuments.meterIndexHelp')}
                error={errorOf('meterWh')}
                autoComplete="off"
              />
            </InlineStack>
          ) : null}
          {homeStations.length > 0 ? (
            <Select
              label={t('reimbursementDocuments.homeStation')}
              options={[
                { label: t('reimbursementDocuments.noHomeStation'), value: '' },
                ...homeStations.map((s) => ({ label: s.name, value: String(s.id) })),
              ]}
              value={station}
              onChange={setStation}
            />
          ) : null}
          <InlineStack>
            <Button variant="primary" onClick={upload} loading={busy}>
              {t('reimbursementDocuments.upload')}
            </Button>
          </InlineStack>
        </BlockStack>
        {documents.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('reimbursementDocuments.noDocuments')}
          </Text>
        ) : (
          <BlockStack gap="200">
            {documents.map((doc) => (
              <InlineStack key={doc.id} gap="300" align="space-between" blockAlign="center">
                <BlockStack gap="050">
                  {/* A plain anchor: the API streams the file as an attachment. */}
                  <a href={`/api/documents/${doc.id}/download`} download>
                    {doc.file_name}
                  </a>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {[
                      t(TYPE_LABEL[doc.type]),
                      doc.period,
                      doc.meter_wh === null ? null : formatKwh(doc.meter_wh),
                      formatDateTime(doc.created_at, { language: i18n.language }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </BlockStack>
                <InlineStack gap="200" blockAlign="center">
                  <ReviewState doc={doc} />
                  {doc.type !== 'statement' && doc.approved !== true ? (
                    <Button size="slim" tone="critical" disabled={busy} onClick={() => setDeleting(doc)}>
                      {t('reimbursementDocuments.delete')}
                    </Button>
                  ) : null}
                </InlineStack>
              </InlineStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('reimbursementDocuments.deleteTitle')}
        primaryAction={{
          content: t('reimbursementDocuments.delete'),
          destructive: true,
          onAction: () => {
            if (deleting) remove(deleting);
            setDeleting(null);
          },
        }}
        secondaryActions={[{ content: t('reimbursementDocuments.cancel'), onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('reimbursementDocuments.deleteBody', { file: deleting?.file_name ?? '' })}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
