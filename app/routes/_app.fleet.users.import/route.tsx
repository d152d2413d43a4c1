/**
 * @module /fleet/users/import: the user import screen (spec 1 "user import from .xls or .xlsx with a
 * template"; the spec names no route, this one sits under /fleet/users). Download a template, choose
 * a file, check it (validation progress streamed from the API), confirm, import (apply progress),
 * or read the import errors and download them as a report to fix and upload again.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  ChoiceList,
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
import { importColumns } from '../../../domain/import/users-import';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import {
  downloadReport,
  type ImportIssue,
  type ImportSummary,
  type ProgressLine,
  runImport,
  type Variant,
} from './import-client';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'userImport.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return { companyName: me.company.name };
}

/** Rows of the error table shown on the page; the report holds them all. */
const SHOWN_ERRORS = 200;

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: ProgressLine; dryRun: boolean }
  | { kind: 'ready'; rows: number }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'invalid'; errors: ImportIssue[] }
  | { kind: 'failed'; message: string };

export default function UserImport() {
  const { t } = useTranslation();
  const { companyName } = useLoaderData<typeof loader>();
  const [variant, setVariant] = useState<Variant>('standard');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const busy = step.kind === 'busy';

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setConfirming(false);
    try {
      const outcome = await runImport(file, variant, dryRun, (progress) => setStep({ kind: 'busy', progress, dryRun }));
      if (outcome.kind === 'ok')
        setStep(dryRun ? { kind: 'ready', rows: outcome.summary.rows } : { kind: 'done', summary: outcome.summary });
      else if (outcome.kind === 'invalid') setStep({ kind: 'invalid', errors: outcome.errors });
      else setStep({ kind: 'failed', message: outcome.message || t('userImport.networkError') });
    } catch {
      setStep({ kind: 'failed', message: t('userImport.networkError') });
    }
  };

  const choose = (files: File[]) => {
    const next = files[0];
    if (!next) return;
    setFile(next);
    setStep({ kind: 'idle' });
  };

  const progressText = (p: ProgressLine) =>
    p.phase === 'validate' || p.phase === 'apply'
      ? tKey(t, `userImport.phase.${p.phase}`, { done: p.done, total: p.total })
      : tKey(t, `userImport.phase.${p.phase}`);
  const progressValue = (p: ProgressLine, dryRun: boolean) => {
    const ratio = p.total > 0 ? p.done / p.total : 0;
    if (p.phase === 'upload') return 5;
    if (p.phase === 'read') return 10 + 10 * ratio;
    if (p.phase === 'validate') return 20 + (dryRun ? 80 : 40) * ratio;
    return 60 + 40 * ratio;
  };

  return (
    <Page title={t('userImport.title')} backAction={{ content: t('userImport.back'), url: '/fleet/users' }}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('userImport.templateTitle')}
            </Text>
            <Text as="p">{t('userImport.templateBody')}</Text>
            <InlineStack gap="200">
              <Button onClick={() => window.location.assign('/api/users/import/template')}>
                {t('userImport.templateStandard')}
              </Button>
              <Button onClick={() => window.location.assign('/api/users/import/template?variant=uuid')}>
                {t('userImport.templateUuid')}
              </Button>
            </InlineStack>
            <Text as="h3" variant="headingSm">
              {t('userImport.columnsTitle')}
            </Text>
            <List type="bullet">
              {importColumns(variant).map((c) => (
                <List.Item key={c.key}>
                  <Text as="span" fontWeight="semibold">
                    {c.key}
                  </Text>
                  {c.required ? ` (${t('userImport.required')})` : ''}: {tKey(t, `userImport.col.${c.key}`)}
                </List.Item>
              ))}
            </List>
            <Banner tone="info">{t('userImport.publicNote')}</Banner>
          </BlockStack>
        </Card>

        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('userImport.uploadTitle')}
            </Text>
            <ChoiceList
              title={t('userImport.variant')}
              choices={[
                { label: t('userImport.variantStandard'), value: 'standard' },
                { label: t('userImport.variantUuid'), value: 'uuid' },
              ]}
              selected={[variant]}
              disabled={busy}
              onChange={([v]) => {
                setVariant(v === 'uuid' ? 'uuid' : 'standard');
                setStep({ kind: 'idle' });
              }}
            />
            <DropZone
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              allowMultiple={false}
              disabled={busy}
              onDrop={(_all, accepted, rejected) => choose(accepted.length > 0 ? accepted : rejected)}
              label={t('userImport.uploadTitle')}
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
                <DropZone.FileUpload actionTitle={t('userImport.dropAction')} actionHint={t('userImport.dropHint')} />
              )}
            </DropZone>
            <Text as="p" tone="subdued">
              {t('userImport.xlsNote')}
            </Text>
            {step.kind === 'busy' ? (
              <BlockStack gap="100">
                <Text as="p">{progressText(step.progress)}</Text>
                <ProgressBar progress={progressValue(step.progress, step.dryRun)} animated />
              </BlockStack>
            ) : null}
            {step.kind === 'ready' ? (
              <Banner tone="success">
                <BlockStack gap="200">
                  <Text as="p">{t('userImport.ready', { count: step.rows })}</Text>
                  <InlineStack gap="200">
                    <Button variant="primary" onClick={() => setConfirming(true)}>
                      {t('userImport.import', { count: step.rows })}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Banner>
            ) : null}
            {step.kind === 'done' ? (
              <Banner tone="success" title={t('userImport.doneTitle')}>
                <BlockStack gap="200">
                  <Text as="p">
                    {t('userImport.doneBody', {
                      count: step.summary.created,
                      cards: step.summary.rfids_created,
                      assigned: step.summary.rfids_assigned,
                    })}
                  </Text>
                  <InlineStack>
                    <Button url="/fleet/users">{t('userImport.viewUsers')}</Button>
                  </InlineStack>
                </BlockStack>
              </Banner>
            ) : null}
            {step.kind === 'failed' ? (
              <Banner tone="critical" title={t('userImport.failedTitle')}>
                <Text as="p">{step.message}</Text>
              </Banner>
            ) : null}
            <InlineStack gap="200">
              <Button
                variant={step.kind === 'ready' || step.kind === 'done' ? undefined : 'primary'}
                disabled={!file || busy}
                loading={busy}
                onClick={() => run(true)}
              >
                {t('userImport.check')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>

        {step.kind === 'invalid' ? (
          <Card>
            <BlockStack gap="300">
              <Banner tone="critical" title={t('userImport.errorsTitle')}>
                <Text as="p">{t('userImport.errorsBody', { count: step.errors.length })}</Text>
              </Banner>
              <InlineStack>
                <Button
                  onClick={() =>
                    downloadReport(
                      step.errors,
                      [
                        t('userImport.colRow'),
                        t('userImport.colColumn'),
                        t('userImport.colValue'),
                        t('userImport.colMessage'),
                      ],
                      `${(file?.name ?? 'users').replace(/\.xlsx?$/i, '')}-errors.xlsx`,
                    )
                  }
                >
                  {t('userImport.downloadReport')}
                </Button>
              </InlineStack>
              <DataTable
                columnContentTypes={['numeric', 'text', 'text', 'text']}
                headings={[
                  t('userImport.colRow'),
                  t('userImport.colColumn'),
                  t('userImport.colValue'),
                  t('userImport.colMessage'),
                ]}
                rows={step.errors.slice(0, SHOWN_ERRORS).map((e) => [e.row, e.column, e.value, e.message])}
                verticalAlign="top"
              />
              {step.errors.length > SHOWN_ERRORS ? (
                <Text as="p" tone="subdued">
                  {t('userImport.moreErrors', { shown: SHOWN_ERRORS, count: step.errors.length })}
                </Text>
              ) : null}
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>

      <Modal
        open={confirming && step.kind === 'ready'}
        onClose={() => setConfirming(false)}
        title={t('userImport.confirmTitle', { count: step.kind === 'ready' ? step.rows : 0 })}
        primaryAction={{
          content: t('userImport.import', { count: step.kind === 'ready' ? step.rows : 0 }),
          onAction: () => run(false),
        }}
        secondaryActions={[{ content: t('userImport.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('userImport.confirmBody', { company: companyName })}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
