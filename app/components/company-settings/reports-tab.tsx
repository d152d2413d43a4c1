/**
 * @module The reports tab (ADR 049, ADR 056): which revenue PDFs the company receives and to whom (at most
 * 20 recipients); the revenue reports job generates and e-mails them.
 */
import { Banner, BlockStack, Card, Checkbox, FormLayout, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { ReportSettings } from '../../routes/_app.settings.$companyId/branding-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const FIELDS = ['monthly_revenue', 'quarterly_revenue', 'recipients'];

export function ReportsTab({ reports, failed }: TabProps & { reports: ReportSettings }) {
  const { t } = useTranslation();
  const [monthly, setMonthly] = useState(reports.monthly_revenue);
  const [quarterly, setQuarterly] = useState(reports.quarterly_revenue);
  const [recipients, setRecipients] = useState(reports.recipients ?? '');
  const errorOf = fieldErrorFrom(failed);
  return (
    <TabForm tab="reports" failed={failed} fields={FIELDS}>
      <Banner tone="info">{t('revenueReports.settingsBanner')}</Banner>
      <Card>
        <BlockStack gap="300">
          <Text as="p" tone="subdued">
            {t('companyBranding.reportsIntro')}
          </Text>
          <FormLayout>
            <input type="hidden" name="monthly_revenue" value={String(monthly)} />
            <Checkbox label={t('companyBranding.monthlyRevenue')} checked={monthly} onChange={setMonthly} />
            <input type="hidden" name="quarterly_revenue" value={String(quarterly)} />
            <Checkbox label={t('companyBranding.quarterlyRevenue')} checked={quarterly} onChange={setQuarterly} />
            <TextField
              label={t('companyBranding.recipients')}
              name="recipients"
              value={recipients}
              onChange={setRecipients}
              helpText={t('companyBranding.recipientsHelp')}
              multiline={2}
              autoComplete="off"
              error={errorOf('recipients')}
            />
          </FormLayout>
        </BlockStack>
      </Card>
    </TabForm>
  );
}
