/**
 * @module The notification channels tab (issue 20 part 2): the notification types the company
 * subscribes to, each with its comma-separated recipients, the SOC notification (channel and limit)
 * and the alert countries. The API checks every address and country and names the one at fault.
 */
import { NOTIFICATION_TYPES, type NotificationType } from '@domain/company-settings/notification-rules';
import { Banner, BlockStack, Card, Checkbox, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { Notifications } from '../../routes/_app.settings.$companyId/company-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const FIELDS = [
  ...NOTIFICATION_TYPES.map((_, i) => `notification_types.${i}`),
  'soc_notification_type',
  'soc_limit',
  'alert_countries',
];

export function NotificationsTab({ notifications, failed }: TabProps & { notifications: Notifications }) {
  const { t } = useTranslation();
  const subscribed = new Map(notifications.notification_types.map((s) => [s.type, s.emails ?? '']));
  const [types, setTypes] = useState(
    () =>
      Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, { on: subscribed.has(type), emails: subscribed.get(type) ?? '' }]),
      ) as Record<NotificationType, { on: boolean; emails: string }>,
  );
  const [soc, setSoc] = useState(notifications.soc_notification_type ?? '');
  const [limit, setLimit] = useState(notifications.soc_limit === null ? '' : String(notifications.soc_limit));
  const [countries, setCountries] = useState(notifications.alert_countries.join(', '));
  const errorOf = fieldErrorFrom(failed, { nested: true });
  // The API names an entry by its place in the list it was sent: the subscribed types, in catalogue order.
  const sent = NOTIFICATION_TYPES.filter((type) => types[type].on);
  const typeError = (type: NotificationType) => {
    const i = sent.indexOf(type);
    return i < 0 ? undefined : errorOf(`notification_types.${i}`);
  };
  const set = (type: NotificationType, change: Partial<{ on: boolean; emails: string }>) =>
    setTypes((old) => ({ ...old, [type]: { ...old[type], ...change } }));

  return (
    <TabForm
      tab="notifications"
      failed={failed}
      fields={FIELDS.concat(NOTIFICATION_TYPES.map((_, i) => `notification_types.${i}.emails`))}
    >
      <Banner tone="info">{t('companySettingsMoney.notYetSent')}</Banner>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionTypes')}
          </Text>
          <Text as="p" tone="subdued">
            {t('companySettingsMoney.typesHelp', { email: notifications.company_email ?? '—' })}
          </Text>
          {NOTIFICATION_TYPES.map((type) => (
            <BlockStack key={type} gap="200">
              <input type="hidden" name={`type_${type}`} value={String(types[type].on)} />
              <Checkbox
                label={tKey(t, `companySettingsMoney.type_${type}`)}
                checked={types[type].on}
                onChange={(on) => set(type, { on })}
              />
              {types[type].on ? (
                <TextField
                  label={t('companySettingsMoney.recipients')}
                  name={`emails_${type}`}
                  value={types[type].emails}
                  onChange={(emails) => set(type, { emails })}
                  helpText={t('companySettingsMoney.emailsHelp')}
                  autoComplete="off"
                  error={typeError(type)}
                />
              ) : null}
            </BlockStack>
          ))}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionSoc')}
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <Select
                label={t('companySettingsMoney.soc_notification_type')}
                name="soc_notification_type"
                options={[
                  { value: '', label: t('companySettingsMoney.socOff') },
                  { value: 'email', label: t('companySettingsMoney.socEmail') },
                  { value: 'push', label: t('companySettingsMoney.socPush') },
                  { value: 'email_and_push', label: t('companySettingsMoney.socBoth') },
                ]}
                value={soc}
                onChange={setSoc}
                error={errorOf('soc_notification_type')}
              />
              <TextField
                label={t('companySettingsMoney.soc_limit')}
                name="soc_limit"
                type="number"
                min={1}
                max={100}
                value={limit}
                onChange={setLimit}
                helpText={t('companySettingsMoney.socLimitHelp')}
                autoComplete="off"
                error={errorOf('soc_limit')}
              />
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionCountries')}
          </Text>
          <TextField
            label={t('companySettingsMoney.alert_countries')}
            name="alert_countries"
            value={countries}
            onChange={setCountries}
            helpText={t('companySettingsMoney.countriesHelp')}
            autoComplete="off"
            error={errorOf('alert_countries')}
          />
        </BlockStack>
      </Card>
    </TabForm>
  );
}
