/** @module Step 2: the company's type flags and its service settings (the spec section 6 ids). */
import { SERVICE_SETTING_IDS } from '@domain/permissions/service-settings';
import { BlockStack, Card, Checkbox, InlineGrid, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

const FLAGS = [
  ['is_subcpo', 'isSubcpo'],
  ['is_evfleet', 'isEvfleet'],
  ['is_lifestyle', 'isLifestyle'],
  ['emp_services', 'empServices'],
] as const;

export function StepType(props: { values: Record<string, string>; errorOf: (field: string) => string | undefined }) {
  const { t } = useTranslation();
  const [cpms, setCpms] = useState(props.values.cpms ?? '');
  const [flags, setFlags] = useState<Record<string, boolean>>(
    Object.fromEntries(FLAGS.map(([f]) => [f, props.values[f] === 'true'])),
  );
  const [on, setOn] = useState<number[]>(
    (props.values.service_settings ?? '')
      .split(',')
      .filter((s) => s !== '')
      .map(Number),
  );
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companyCreate.sectionType')}
          </Text>
          <Select
            label={t('companyCreate.cpms')}
            name="cpms"
            options={[
              { value: '', label: t('companyCreate.cpmsNone') },
              { value: 'public', label: t('companyCreate.cpmsPublic') },
              { value: 'private', label: t('companyCreate.cpmsPrivate') },
            ]}
            value={cpms}
            onChange={setCpms}
          />
          {FLAGS.map(([f, label]) => (
            <div key={f}>
              <input type="hidden" name={f} value={String(flags[f])} />
              <Checkbox
                label={tKey(t, `companyCreate.${label}`)}
                checked={flags[f]}
                onChange={(checked) => setFlags((old) => ({ ...old, [f]: checked }))}
              />
            </div>
          ))}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettings.sectionServices')}
          </Text>
          <Text as="p" tone={props.errorOf('service_settings') ? 'critical' : 'subdued'}>
            {props.errorOf('service_settings') ?? t('companySettings.privateChoiceHelp')}
          </Text>
          <input type="hidden" name="service_settings" value={on.join(',')} />
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="200">
            {SERVICE_SETTING_IDS.map((id) => (
              <Checkbox
                key={id}
                label={t('companySettings.settingLabel', { label: tKey(t, `companySettings.s${id}`), id })}
                checked={on.includes(id)}
                onChange={(checked) => setOn((old) => (checked ? [...old, id] : old.filter((x) => x !== id)))}
              />
            ))}
          </InlineGrid>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
