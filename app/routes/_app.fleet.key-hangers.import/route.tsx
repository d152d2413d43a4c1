/**
 * @module /fleet/key-hangers/import: RFID cards from a spreadsheet (.xlsx, .xls or .csv): download the
 * template, then the shared upload steps (components/import/spreadsheet-upload, ADR 035): check the
 * file, confirm, import all rows at once, or read the per-row errors and download them as a report.
 */

import { KEYFOB_IMPORT_COLUMNS } from '@domain/import/keyfobs-import';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, List, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { SpreadsheetUpload } from '../../components/import/spreadsheet-upload';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { runImportStream } from '../../lib/import-stream';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.import.title');

interface ImportSummary {
  rows: number;
  created: number;
  assigned: number;
  dry_run: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  return { companyName: me.company.name };
}

export default function KeyHangerImport() {
  const { t } = useTranslation();
  const { companyName } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('keyHangers.import.title')}
      backAction={{ content: t('keyHangers.import.back'), url: '/fleet/key-hangers' }}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('keyHangers.import.templateTitle')}
            </Text>
            <Text as="p">{t('keyHangers.import.templateBody')}</Text>
            <InlineStack>
              <Button onClick={() => window.location.assign('/api/keyfob/import/template')}>
                {t('keyHangers.import.template')}
              </Button>
            </InlineStack>
            <Text as="h3" variant="headingSm">
              {t('keyHangers.import.columnsTitle')}
            </Text>
            <List type="bullet">
              {KEYFOB_IMPORT_COLUMNS.map((c) => (
                <List.Item key={c.key}>
                  <Text as="span" fontWeight="semibold">
                    {c.key}
                  </Text>
                  {c.required ? ` (${t('keyHangers.import.required')})` : ''}:{' '}
                  {tKey(t, `keyHangers.import.col.${c.key}`)}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        </Card>
        <SpreadsheetUpload<ImportSummary>
          ns="keyHangers.import"
          accept=".xlsx,.xls,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          reportName="rfid-cards"
          companyName={companyName}
          applyStart={60}
          run={(file, dryRun, onProgress) =>
            runImportStream<ImportSummary>('/api/keyfob/import', file, dryRun, onProgress)
          }
          renderDone={(summary) => (
            <Banner tone="success" title={t('keyHangers.import.doneTitle')}>
              <BlockStack gap="200">
                <Text as="p">
                  {t('keyHangers.import.doneBody', { count: summary.created, assigned: summary.assigned })}
                </Text>
                <InlineStack>
                  <Button url="/fleet/key-hangers">{t('keyHangers.import.viewCards')}</Button>
                </InlineStack>
              </BlockStack>
            </Banner>
          )}
        />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
