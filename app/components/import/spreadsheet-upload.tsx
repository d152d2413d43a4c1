/**
 * @module The upload, check, confirm and import steps shared by the spreadsheet import pages (fleet
 * users, online stations): a file drop zone, progress streamed from the API, the "ready" banner with
 * its confirmation, failures, and the table of row errors with its downloadable report. Each page
 * passes its texts' namespace, the import call, and what to show once the import is done.
 */
import {
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  DropZone,
  InlineStack,
  Modal,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatBytes } from '../../lib/format';
import { downloadReport, type ImportIssue, type ImportOutcome, type ProgressLine } from '../../lib/import-stream';

/** Rows of the error table shown on the page; the report holds them all. */
const SHOWN_ERRORS = 200;

type Step<Summary> =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: ProgressLine; dryRun: boolean }
  | { kind: 'ready'; rows: number }
  | { kind: 'done'; summary: Summary }
  | { kind: 'invalid'; errors: ImportIssue[] }
  | { kind: 'failed'; message: string };

export interface SpreadsheetUploadProps<Summary extends { rows: number }> {
  /** Prefix of the page's texts: `userImport` or `onboarding.import`. */
  ns: string;
  /** The DropZone's accepted types. */
  accept: string;
  /** Report file name when the upload has none: `users` → `users-errors.xlsx`. */
  reportName: string;
  /** Company named in the confirmation. */
  companyName: string;
  /** Progress bar position where applying starts (checking fills the bar up to there). */
  applyStart: number;
  run: (file: File, dryRun: boolean, onProgress: (p: ProgressLine) => void) => Promise<ImportOutcome<Summary>>;
  /** What the import did, shown in the upload card, or in a card of its own with `doneCard`. */
  renderDone: (summary: Summary) => ReactNode;
  doneCard?: boolean;
  /** Called after each successful check or import. */
  onSuccess?: () => void;
  /** Above the drop zone (e.g. a choice that changes the import); `busy` while a call runs. */
  beforeDrop?: (busy: boolean) => ReactNode;
  afterDrop?: ReactNode;
  /** A change of this value forgets the last result (the file stays chosen). */
  resetKey?: string;
}

export function SpreadsheetUpload<Summary extends { rows: number }>(props: SpreadsheetUploadProps<Summary>) {
  const { ns, renderDone } = props;
  const { t } = useTranslation();
  const tx = (key: string, params?: Record<string, string | number>) => tKey(t, `${ns}.${key}`, params);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step<Summary>>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const busy = step.kind === 'busy';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is what a change of resetKey means.
  useEffect(() => setStep({ kind: 'idle' }), [props.resetKey]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setConfirming(false);
    try {
      const outcome = await props.run(file, dryRun, (progress) => setStep({ kind: 'busy', progress, dryRun }));
      if (outcome.kind === 'ok') {
        props.onSuccess?.();
        setStep(dryRun ? { kind: 'ready', rows: outcome.summary.rows } : { kind: 'done', summary: outcome.summary });
      } else if (outcome.kind === 'invalid') setStep({ kind: 'invalid', errors: outcome.errors });
      else setStep({ kind: 'failed', message: outcome.message || tx('networkError') });
    } catch {
      setStep({ kind: 'failed', message: tx('networkError') });
    }
  };

  const progressValue = (p: ProgressLine, dryRun: boolean) => {
    const ratio = p.total > 0 ? p.done / p.total : 0;
    if (p.phase === 'upload') return 5;
    if (p.phase === 'read') return 10 + 10 * ratio;
    if (p.phase === 'validate') return 20 + (dryRun ? 80 : props.applyStart - 20) * ratio;
    return props.applyStart + (100 - props.applyStart) * ratio;
  };
  const headings: [string, string, string, string] = [tx('colRow'), tx('colColumn'), tx('colValue'), tx('colMessage')];
  const rows = step.kind === 'ready' ? step.rows : 0;

  return (
    <>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {tx('uploadTitle')}
          </Text>
          {props.beforeDrop?.(busy)}
          <DropZone
            accept={props.accept}
            allowMultiple={false}
            disabled={busy}
            onDrop={(_all, accepted, rejected) => {
              const next = (accepted.length > 0 ? accepted : rejected)[0];
              if (!next) return;
              setFile(next);
              setStep({ kind: 'idle' });
            }}
            label={tx('uploadTitle')}
            labelHidden
          >
            {file ? (
              <div style={{ padding: 'var(--p-space-400)' }}>
                <Text as="p" fontWeight="semibold">
                  {file.name}
                </Text>
                <Text as="p" tone="subdued">
                  {formatBytes(file.size)}
                </Text>
              </div>
            ) : (
              <DropZone.FileUpload actionTitle={tx('dropAction')} actionHint={tx('dropHint')} />
            )}
          </DropZone>
          {props.afterDrop}
          {step.kind === 'busy' ? (
            <BlockStack gap="100">
              <Text as="p">
                {tx(`phase.${step.progress.phase}`, { done: step.progress.done, total: step.progress.total })}
              </Text>
              <ProgressBar progress={progressValue(step.progress, step.dryRun)} animated />
            </BlockStack>
          ) : null}
          {step.kind === 'ready' ? (
            <Banner tone="success">
              <BlockStack gap="200">
                <Text as="p">{tx('ready', { count: step.rows })}</Text>
                <InlineStack gap="200">
                  <Button variant="primary" onClick={() => setConfirming(true)}>
                    {tx('import', { count: step.rows })}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Banner>
          ) : null}
          {step.kind === 'done' && !props.doneCard ? renderDone(step.summary) : null}
          {step.kind === 'failed' ? (
            <Banner tone="critical" title={tx('failedTitle')}>
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
              {tx('check')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>

      {step.kind === 'done' && props.doneCard ? renderDone(step.summary) : null}

      {step.kind === 'invalid' ? (
        <Card>
          <BlockStack gap="300">
            <Banner tone="critical" title={tx('errorsTitle')}>
              <Text as="p">{tx('errorsBody', { count: step.errors.length })}</Text>
            </Banner>
            <InlineStack>
              <Button
                onClick={() =>
                  downloadReport(
                    step.errors,
                    headings,
                    `${(file?.name ?? props.reportName).replace(/\.(xlsx|xls|csv)$/i, '')}-errors.xlsx`,
                  )
                }
              >
                {tx('downloadReport')}
              </Button>
            </InlineStack>
            <DataTable
              columnContentTypes={['numeric', 'text', 'text', 'text']}
              headings={headings}
              rows={step.errors.slice(0, SHOWN_ERRORS).map((e) => [e.row, e.column, e.value, e.message])}
              verticalAlign="top"
            />
            {step.errors.length > SHOWN_ERRORS ? (
              <Text as="p" tone="subdued">
                {tx('moreErrors', { shown: SHOWN_ERRORS, count: step.errors.length })}
              </Text>
            ) : null}
          </BlockStack>
        </Card>
      ) : null}

      <Modal
        open={confirming && step.kind === 'ready'}
        onClose={() => setConfirming(false)}
        title={tx('confirmTitle', { count: rows })}
        primaryAction={{ content: tx('import', { count: rows }), onAction: () => run(false) }}
        secondaryActions={[{ content: tx('cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{tx('confirmBody', { count: rows, company: props.companyName })}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
