/**
 * @module /connectors/onboard-station/import: online stations from the filled import template (.xlsx)
 * or a CSV file. Check the file (validation progress streamed), confirm, import (progress while the
 * passwords are hashed), then read each new station's OCPP id and password, shown this once and
 * downloadable once as a file; or read the row errors and download them as a report to fix.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  DropZone,
  InlineStack,
  List,
  Modal,
  Page,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STATION_IMPORT_ROWS, STATION_IMPORT_COLUMNS } from '../../../domain/onboarding/station-import';
import { exportRowsCsv } from '../../components/network/export-button';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { downloadReport } from '../../lib/import-stream';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import {
  type Credential,
  type ImportIssue,
  type ImportSummary,
  type ProgressLine,
  runStationImport,
} from './import-client';
import { ImportedSteps } from './imported-steps';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'onboarding.import.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:onboard');
  return { companyName: me.company.name };
}

const SHOWN_ERRORS = 200;

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: ProgressLine; dryRun: boolean }
  | { kind: 'ready'; rows: number }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'invalid'; errors: ImportIssue[] }
  | { kind: 'failed'; message: string };

export default function StationImport() {
  const { t } = useTranslation();
  const { companyName } = useLoaderData<typeof loader>();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const busy = step.kind === 'busy';

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setConfirming(false);
    try {
      const outcome = await runStationImport(file, dryRun, (progress) => setStep({ kind: 'busy', progress, dryRun }));
      if (outcome.kind === 'ok') {
        setDownloaded(false);
        setStep(dryRun ? { kind: 'ready', rows: outcome.summary.rows } : { kind: 'done', summary: outcome.summary });
      } else if (outcome.kind === 'invalid') setStep({ kind: 'invalid', errors: outcome.errors });
      else setStep({ kind: 'failed', message: outcome.message || t('onboarding.import.networkError') });
    } catch {
      setStep({ kind: 'failed', message: t('onboarding.import.networkError') });
    }
  };

  const progressText = (p: ProgressLine) =>
    tKey(t, `onboarding.import.phase.${p.phase}`, { done: p.done, total: p.total });
  const progressValue = (p: ProgressLine, dryRun: boolean) => {
    const ratio = p.total > 0 ? p.done / p.total : 0;
    if (p.phase === 'upload') return 5;
    if (p.phase === 'read') return 10 + 10 * ratio;
    if (p.phase === 'validate') return 20 + (dryRun ? 80 : 10) * ratio;
    return 30 + 70 * ratio;
  };

  const downloadCredentials = async (credentials: Credential[]) => {
    await exportRowsCsv(
      [
        { header: t('onboarding.import.colRow') },
        { header: t('onboarding.import.colOcppId'), width: 28 },
        { header: t('onboarding.import.colPassword'), width: 28 },
        { header: t('onboarding.import.colPath'), width: 40 },
      ],
      credentials.map((c) => [c.row, c.ocppId, c.password, c.path]),
      'station-credentials',
    );
    setDownloaded(true);
  };

  return (
    <Page
      title={t('onboarding.import.title')}
      subtitle={companyName}
      backAction={{ content: t('onboarding.import.back'), url: '/connectors/onboard-station/online' }}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="p">{t('onboarding.import.intro', { max: MAX_STATION_IMPORT_ROWS })}</Text>
            <InlineStack>
              <Button url="/connectors/onboard-station/import-template" download external={false}>
                {t('onboarding.form.importDownload')}
              </Button>
            </InlineStack>
            <Text as="h3" variant="headingSm">
              {t('onboarding.import.columnsTitle')}
            </Text>
            <List type="bullet">
              {STATION_IMPORT_COLUMNS.map((c) => (
                <List.Item key={c.key}>
                  <Text as="span" fontWeight="semibold">
                    {c.key}
                  </Text>
                  {c.required ? ` (${t('onboarding.import.required')})` : ''}:{' '}
                  {tKey(t, `onboarding.import.col.${c.key}`)}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        </Card>

        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('onboarding.import.uploadTitle')}
            </Text>
            <DropZone
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              allowMultiple={false}
              disabled={busy}
              onDrop={(_all, accepted, rejected) => {
                const next = (accepted.length > 0 ? accepted : rejected)[0];
                if (!next) return;
                setFile(next);
                setStep({ kind: 'idle' });
              }}
              label={t('onboarding.import.uploadTitle')}
              labelHidden
            >
              {file ? (
                <div style={{ padding: 'var(--p-space-400)' }}>
                  <Text as="p" fontWeight="semibold">
                    {file.name}
                  </Text>
                  <Text as="p" tone="subdued">
                    {(file.size / 1024).toFixed(1)} KB
                  </Text>
                </div>
              ) : (
                <DropZone.FileUpload
                  actionTitle={t('onboarding.import.dropAction')}
                  actionHint={t('onboarding.import.dropHint')}
                />
              )}
            </DropZone>
            {step.kind === 'busy' ? (
              <BlockStack gap="100">
                <Text as="p">{progressText(step.progress)}</Text>
                <ProgressBar progress={progressValue(step.progress, step.dryRun)} animated />
              </BlockStack>
            ) : null}
            {step.kind === 'ready' ? (
              <Banner tone="success">
                <BlockStack gap="200">
                  <Text as="p">{t('onboarding.import.ready', { count: step.rows })}</Text>
                  <InlineStack>
                    <Button variant="primary" onClick={() => setConfirming(true)}>
                      {t('onboarding.import.import', { count: step.rows })}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Banner>
            ) : null}
            {step.kind === 'failed' ? (
              <Banner tone="critical" title={t('onboarding.import.failedTitle')}>
                <Text as="p">{step.message}</Text>
              </Banner>
            ) : null}
            <InlineStack>
              <Button
                variant={step.kind === 'ready' || step.kind === 'done' ? undefined : 'primary'}
                disabled={!file || busy}
                loading={busy}
                onClick={() => run(true)}
              >
                {t('onboarding.import.check')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>

        {step.kind === 'done' ? (
          <Card>
            <BlockStack gap="300">
              <Banner tone="warning" title={t('onboarding.import.doneTitle', { count: step.summary.created })}>
                <Text as="p">{t('onboarding.import.credentialsOnce')}</Text>
              </Banner>
              <InlineStack gap="200">
                <Button
                  variant="primary"
                  disabled={downloaded}
                  onClick={() => downloadCredentials(step.summary.credentials)}
                >
                  {downloaded ? t('onboarding.import.downloaded') : t('onboarding.import.downloadCredentials')}
                </Button>
                <Button url="/connectors/list">{t('onboarding.import.viewList')}</Button>
              </InlineStack>
              <DataTable
                columnContentTypes={['numeric', 'text', 'text', 'text']}
                headings={[
                  t('onboarding.import.colRow'),
                  t('onboarding.import.colStation'),
                  t('onboarding.import.colOcppId'),
                  t('onboarding.import.colPassword'),
                ]}
                rows={step.summary.stations.map((s, i) => [
                  s.row,
                  s.name,
                  step.summary.credentials[i]?.ocppId ?? s.uid,
                  <code key={s.uid}>{step.summary.credentials[i]?.password ?? ''}</code>,
                ])}
              />
            </BlockStack>
          </Card>
        ) : null}

        {step.kind === 'done' && step.summary.stations.length > 0 ? (
          <ImportedSteps stationIds={step.summary.stations.map((s) => s.id)} />
        ) : null}

        {step.kind === 'invalid' ? (
          <Card>
            <BlockStack gap="300">
              <Banner tone="critical" title={t('onboarding.import.errorsTitle')}>
                <Text as="p">{t('onboarding.import.errorsBody', { count: step.errors.length })}</Text>
              </Banner>
              <InlineStack>
                <Button
                  onClick={() =>
                    downloadReport(
                      step.errors,
                      [
                        t('onboarding.import.colRow'),
                        t('onboarding.import.colColumn'),
                        t('onboarding.import.colValue'),
                        t('onboarding.import.colMessage'),
                      ],
                      `${(file?.name ?? 'stations').replace(/\.(xlsx|csv)$/i, '')}-errors.xlsx`,
                    )
                  }
                >
                  {t('onboarding.import.downloadReport')}
                </Button>
              </InlineStack>
              <DataTable
                columnContentTypes={['numeric', 'text', 'text', 'text']}
                headings={[
                  t('onboarding.import.colRow'),
                  t('onboarding.import.colColumn'),
                  t('onboarding.import.colValue'),
                  t('onboarding.import.colMessage'),
                ]}
                rows={step.errors.slice(0, SHOWN_ERRORS).map((e) => [e.row, e.column, e.value, e.message])}
                verticalAlign="top"
              />
              {step.errors.length > SHOWN_ERRORS ? (
                <Text as="p" tone="subdued">
                  {t('onboarding.import.moreErrors', { shown: SHOWN_ERRORS, count: step.errors.length })}
                </Text>
              ) : null}
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>

      <Modal
        open={confirming && step.kind === 'ready'}
        onClose={() => setConfirming(false)}
        title={t('onboarding.import.confirmTitle')}
        primaryAction={{
          content: t('onboarding.import.import', { count: step.kind === 'ready' ? step.rows : 0 }),
          onAction: () => run(false),
        }}
        secondaryActions={[{ content: t('onboarding.import.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {t('onboarding.import.confirmBody', { count: step.kind === 'ready' ? step.rows : 0, company: companyName })}
          </Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
