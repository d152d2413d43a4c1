/** @module The group labels tab: the names of the four company-group levels (filters on users and stations). */

import { GROUP_LABEL_MAX } from '@domain/company-settings/company-rules';
import { BlockStack, Card, FormLayout, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { CompanySettings } from '../../routes/_app.settings.$companyId/settings.server';
import { TabForm, type TabProps } from './tab-form';

const LEVELS = [1, 2, 3, 4] as const;
const FIELDS = LEVELS.map((n) => `group_labels.${n - 1}`);

export function GroupLabelsTab({ settings, failed }: TabProps & { settings: CompanySettings }) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState(settings.group_labels);
  const errorOf = fieldErrorFrom(failed);
  return (
    <TabForm tab="labels" failed={failed} fields={FIELDS}>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettings.sectionLabels')}
          </Text>
          <Text as="p" tone="subdued">
            {t('companySettings.labelsHelp')}
          </Text>
          <FormLayout>
            {LEVELS.map((n) => (
              <TextField
                key={n}
                label={t('companySettings.label', { n })}
                name={`group${n}`}
                value={labels[n - 1] ?? ''}
                onChange={(v) => setLabels((old) => old.map((l, i) => (i === n - 1 ? v : l)))}
                maxLength={GROUP_LABEL_MAX}
                requiredIndicator
                autoComplete="off"
                error={errorOf(`group_labels.${n - 1}`)}
              />
            ))}
          </FormLayout>
        </BlockStack>
      </Card>
    </TabForm>
  );
}
