/**
 * @module /connectors/onboard-station/import: online stations from the filled import template (.xlsx
 * or .xls) or a CSV file. The shared upload steps (components/import/spreadsheet-upload): check the
 * file, confirm, import (progress while the passwords are hashed); then each new station's OCPP id and
 * password, shown this once and downloadable once as a file; or the row errors and their report.
 */

import { MAX_STATION_IMPORT_ROWS, STATION_IMPORT_COLUMNS } from '@domain/onboarding/station-import';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, DataTable, InlineStack, List, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetUpload } from '../../components/import/spreadsheet-upload';
import { exportRowsCsv } from '../../components/network/export-button';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { type Credential, type ImportSummary, runStationImport } from './import-client';
import { ImportedSteps } from './imported-steps';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'onboarding.import.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:onboard');
  return { companyName: me.company.name };
}

export default function StationImport() {
  const { t } = useTranslation();
  const { companyName } = useLoaderData<typeof loader>();
  const [downloaded, setDownloaded] = useState(false);

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

        <SpreadsheetUpload<ImportSummary>
          ns="onboarding.import"
          accept=".xlsx,.xls,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          reportName="stations"
          companyName={companyName}
          applyStart={30}
          run={runStationImport}
          onSuccess={() => setDownloaded(false)}
          doneCard
          renderDone={(summary) => (
            <>
              <Card>
                <BlockStack gap="300">
                  <Banner tone="warning" title={t('onboarding.import.doneTitle', { count: summary.created })}>
                    <Text as="p">{t('onboarding.import.credentialsOnce')}</Text>
                  </Banner>
                  <InlineStack gap="200">
                    <Button
                      variant="primary"
                      disabled={downloaded}
                      onClick={() => downloadCredentials(summary.credentials)}
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
                    rows={summary.stations.map((s, i) => [
                      s.row,
                      s.name,
                      summary.credentials[i]?.ocppId ?? s.uid,
                      <code key={s.uid}>{summary.credentials[i]?.password ?? ''}</code>,
                    ])}
                  />
                </BlockStack>
              </Card>
              {summary.stations.length > 0 ? <ImportedSteps stationIds={summary.stations.map((s) => s.id)} /> : null}
            </>
          )}
        />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
