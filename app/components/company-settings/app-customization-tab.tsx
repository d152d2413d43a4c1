/** @module The mobile app customisation tab (ADR 049): the company's choice among the customisations available. */
import { BlockStack, Card, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { AppChoice } from '../../routes/_app.settings.$companyId/branding-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const FIELD = 'app_customization_customers_id';

export function AppCustomizationTab({ app, failed }: TabProps & { app: AppChoice }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(String(app.app_customization_customers_id ?? ''));
  const errorOf = fieldErrorFrom(failed);
  const options = [
    { label: t('companyBranding.appNone'), value: '' },
    ...app.available.map((a) => ({ label: a.name, value: String(a.id) })),
  ];
  return (
    <TabForm tab="app" failed={failed} fields={[FIELD]}>
      <Card>
        <BlockStack gap="300">
          <Text as="p" tone="subdued">
            {t('companyBranding.appIntro')}
          </Text>
          <Select
            label={t('companyBranding.appCustomization')}
            name={FIELD}
            options={options}
            value={chosen}
            onChange={setChosen}
            error={errorOf(FIELD)}
          />
        </BlockStack>
      </Card>
    </TabForm>
  );
}
