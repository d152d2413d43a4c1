/** @module What the Diagnostics and Firmware tabs share: the last transfer status the station reported (re-read while it moves) and a page of files. */
import { useLoaderData, useRevalidator, useSearchParams, useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, EmptyState, IndexTable, InlineStack, Pagination, Text } from '@shopify/polaris';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../lib/format';
import type { loader } from './route';
import { FILES_PER_PAGE, type FileList, type Progress } from './shared';

const formatSize = (bytes: number) => formatBytes(bytes);

/** Statuses after which the charge point reports again soon: the card re-reads until it settles. */
const IN_PROGRESS = new Set(['Uploading', 'Downloading', 'Downloaded', 'Installing', 'SignatureVerified']);
const POLL_MS = 3000;

export function StatusCard(props: { title: string; empty: string; progress: Progress; resetIntent: string }) {
  const { t } = useTranslation();
  const { timeZone, language } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const p = props.progress;
  const moving = p.status !== null && IN_PROGRESS.has(p.status);
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [moving, revalidator]);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {props.title}
        </Text>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="p" tone={p.status ? undefined : 'subdued'}>
            {p.status && p.received_at
              ? t('stationConfig.diagnostics.statusLine', {
                  status: p.status,
                  at: formatDateTime(p.received_at, { timeZone, language }),
                })
              : props.empty}
          </Text>
          <Button disabled={!p.status} onClick={() => submit({ intent: props.resetIntent }, { method: 'post' })}>
            {t('stationConfig.diagnostics.reset')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

export function FilesTable(props: {
  files: FileList;
  emptyTitle: string;
  emptyBody: string;
  action: (filename: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { timeZone, language } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const { files } = props;
  const page = files.page;
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  return (
    <Card padding="0">
      <IndexTable
        resourceName={{
          singular: t('stationConfig.diagnostics.filename'),
          plural: t('stationConfig.diagnostics.filename'),
        }}
        itemCount={files.data.length}
        selectable={false}
        emptyState={
          <EmptyState heading={props.emptyTitle} image="">
            <p>{props.emptyBody}</p>
          </EmptyState>
        }
        headings={[
          { title: t('stationConfig.diagnostics.filename') },
          { title: t('stationConfig.diagnostics.size') },
          { title: t('stationConfig.diagnostics.uploadedAt') },
          { title: '' },
        ]}
      >
        {files.data.map((f, i) => (
          <IndexTable.Row id={f.filename} key={`${f.filename}-${f.created_at}`} position={i}>
            <IndexTable.Cell>{f.filename}</IndexTable.Cell>
            <IndexTable.Cell>{formatSize(f.size)}</IndexTable.Cell>
            <IndexTable.Cell>{formatDateTime(f.created_at, { timeZone, language })}</IndexTable.Cell>
            <IndexTable.Cell>{props.action(f.filename)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      {files.total > FILES_PER_PAGE && (
        <div style={{ padding: 'var(--p-space-300)', display: 'flex', justifyContent: 'center' }}>
          <Pagination
            hasPrevious={page > 1}
            onPrevious={() => goTo(page - 1)}
            hasNext={page * FILES_PER_PAGE < files.total}
            onNext={() => goTo(page + 1)}
            previousTooltip={t('stationConfig.previous')}
            nextTooltip={t('stationConfig.next')}
            label={`${page} / ${Math.ceil(files.total / FILES_PER_PAGE)}`}
          />
        </div>
      )}
    </Card>
  );
}
