/** @module The mobile app customisation tab (ADR 049): the company's choice among the customisations available. */
import { Form } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { AppChoice } from '../../routes/_app.settings.$companyId/branding-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const FIELD = 'app_customization_customers_id';

/** A super user's form adding a customisation to the catalog the tab lists. */
function AddCustomization({ failed }: TabProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="tab" value="app" />
        <input type="hidden" name="intent" value="add" />
        <BlockStack gap="200">
          <TextField
            label={t('companyBranding.newCustomization')}
            name="name"
            value={name}
            onChange={setName}
            maxLength={80}
            autoComplete="off"
            error={fieldErrorFrom(failed)('name')}
          />
          <InlineStack align="end">
            <Button submit>{t('companyBranding.addCustomization')}</Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

export function AppCustomizationTab({
  app,
  canEditCatalog,
  failed,
}: TabProps & { app: AppChoice; canEditCatalog: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(String(app.app_customization_customers_id ?? ''));
  const errorOf = fieldErrorFrom(failed);
  const options = [
    { label: t('companyBranding.appNone'), value: '' },
    ...app.available.map((a) => ({ label: a.name, value: String(a.id) })),
  ];
  return (
    <BlockStack gap="400">
      <TabForm tab="app" failed={failed} fields={[FIELD, 'name']}>
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
      {canEditCatalog ? <AddCustomization failed={failed} /> : null}
    </BlockStack>
  );
}
