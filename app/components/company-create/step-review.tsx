/** @module Step 4: everything the three steps entered, read-only, before "Create". */
import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

const GENERAL: [field: string, label: string][] = [
  ['name', 'companySettings.name'],
  ['business_name', 'companySettings.businessName'],
  ['email', 'companySettings.email'],
  ['phone', 'companySettings.phone'],
  ['street', 'companySettings.street'],
  ['street_number', 'companySettings.streetNumber'],
  ['zip', 'companySettings.zip'],
  ['city', 'companySettings.city'],
  ['country', 'companySettings.country'],
  ['vat', 'companySettings.vat'],
  ['time_zone', 'companySettings.timeZone'],
  ['currency', 'companyCreate.currencyCode'],
];
const FLAGS = [
  ['is_subcpo', 'companyCreate.isSubcpo'],
  ['is_evfleet', 'companyCreate.isEvfleet'],
  ['is_lifestyle', 'companyCreate.isLifestyle'],
  ['emp_services', 'companyCreate.empServices'],
] as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <InlineGrid columns={2} gap="200">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{value || '—'}</Text>
    </InlineGrid>
  );
}

export function StepReview({
  values: v,
  parent,
  admin,
}: {
  values: Record<string, string>;
  parent: string;
  admin: string;
}) {
  const { t } = useTranslation();
  const yes = (f: string) => (v[f] === 'true' ? t('companyCreate.yes') : t('companyCreate.no'));
  const services = (v.service_settings ?? '').split(',').filter((s) => s !== '');
  const cpms = v.cpms === 'public' ? 'cpmsPublic' : v.cpms === 'private' ? 'cpmsPrivate' : 'cpmsNone';
  const section = (title: string, rows: React.ReactNode) => (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {rows}
      </BlockStack>
    </Card>
  );
  return (
    <BlockStack gap="400">
      {section(
        t('companyCreate.stepGeneral'),
        <>
          <Row label={t('companyCreate.parent')} value={parent} />
          {GENERAL.map(([f, label]) => (
            <Row key={f} label={tKey(t, label)} value={v[f] ?? ''} />
          ))}
        </>,
      )}
      {section(
        t('companyCreate.stepType'),
        <>
          <Row label={t('companyCreate.cpms')} value={tKey(t, `companyCreate.${cpms}`)} />
          {FLAGS.map(([f, label]) => (
            <Row key={f} label={tKey(t, label)} value={yes(f)} />
          ))}
          <Row
            label={t('companySettings.sectionServices')}
            value={
              services.length === 0
                ? t('companyCreate.none')
                : services
                    .map((id) => t('companySettings.settingLabel', { label: tKey(t, `companySettings.s${id}`), id }))
                    .join(', ')
            }
          />
        </>,
      )}
      {section(t('companyCreate.stepAdmin'), <Row label={t('companyCreate.stepAdmin')} value={admin} />)}
    </BlockStack>
  );
}
