/**
 * @module /fleet/users/import: the user import screen (spec 1 "user import from .xls or .xlsx with a
 * template"; the spec names no route, this one sits under /fleet/users). Download a template, choose
 * the variant, then the shared upload steps (components/import/spreadsheet-upload): check the file,
 * confirm, import, or read the import errors and download them as a report to fix and upload again.
 */

import { importColumns } from '@domain/import/users-import';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, ChoiceList, InlineStack, List, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetUpload } from '../../components/import/spreadsheet-upload';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { type ImportSummary, runImport, type Variant } from './import-client';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'userImport.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return { companyName: me.company.name };
}

export default function UserImport() {
  const { t } = useTranslation();
  const { companyName } = useLoaderData<typeof loader>();
  const [variant, setVariant] = useState<Variant>('standard');

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

        <SpreadsheetUpload<ImportSummary>
          ns="userImport"
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          reportName="users"
          companyName={companyName}
          applyStart={60}
          run={(file, dryRun, onProgress) => runImport(file, variant, dryRun, onProgress)}
          resetKey={variant}
          beforeDrop={(busy) => (
            <ChoiceList
              title={t('userImport.variant')}
              choices={[
                { label: t('userImport.variantStandard'), value: 'standard' },
                { label: t('userImport.variantUuid'), value: 'uuid' },
              ]}
              selected={[variant]}
              disabled={busy}
              onChange={([v]) => setVariant(v === 'uuid' ? 'uuid' : 'standard')}
            />
          )}
          afterDrop={
            <Text as="p" tone="subdued">
              {t('userImport.xlsNote')}
            </Text>
          }
          renderDone={(summary) => (
            <Banner tone="success" title={t('userImport.doneTitle')}>
              <BlockStack gap="200">
                <Text as="p">
                  {t('userImport.doneBody', {
                    count: summary.created,
                    cards: summary.rfids_created,
                    assigned: summary.rfids_assigned,
                  })}
                </Text>
                <InlineStack>
                  <Button url="/fleet/users">{t('userImport.viewUsers')}</Button>
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
