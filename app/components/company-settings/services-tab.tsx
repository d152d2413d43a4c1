/**
 * @module The roles and services tab: every service setting of spec section 6 as a labelled toggle with
 * its id, charging on parent and sibling companies, and the mandatory license plate. Turning off a
 * setting that a screen needs asks first (the API refuses it unconfirmed too).
 */

import { PRIVATE_SESSION_CHOICES, settingsNeedingConfirmation } from '@domain/company-settings/company-rules';
import { SERVICE_SETTING_IDS } from '@domain/permissions/service-settings';
import { useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Card, Checkbox, InlineGrid, List, Modal, Text } from '@shopify/polaris';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { CompanySettings } from '../../routes/_app.settings.$companyId/settings.server';
import { TabForm, type TabProps } from './tab-form';

const FLAGS = ['parent_can_charge_on', 'siblings_can_charge_on', 'mandatory_license_plate'] as const;
type Flag = (typeof FLAGS)[number];
const FIELDS = ['service_settings', 'confirm', ...FLAGS];

export function ServicesTab({ settings, failed }: TabProps & { settings: CompanySettings }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const initial = settings.services.service_settings;
  const [on, setOn] = useState<number[]>(initial);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    parent_can_charge_on: settings.services.parent_can_charge_on,
    siblings_can_charge_on: settings.services.siblings_can_charge_on,
    mandatory_license_plate: settings.services.mandatory_license_plate,
  });
  const [pending, setPending] = useState<{ form: FormData; ids: number[] } | null>(null);
  const name = (id: number) =>
    tKey(t, 'companySettings.settingLabel', { label: tKey(t, `companySettings.s${id}`), id });

  const toggle = (id: number, checked: boolean) =>
    setOn((old) => {
      // 53, 54 and 55 are one choice: checking one clears the other two.
      const cleared =
        checked && PRIVATE_SESSION_CHOICES.includes(id as never)
          ? old.filter((x) => !PRIVATE_SESSION_CHOICES.includes(x as never))
          : old;
      const next = checked ? [...cleared, id] : cleared.filter((x) => x !== id);
      return [...new Set(next)].sort((a, b) => a - b);
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ids = settingsNeedingConfirmation(initial, on);
    if (ids.length > 0) setPending({ form, ids });
    else submit(form, { method: 'post' });
  };
  const confirm = () => {
    if (!pending) return;
    pending.form.set('confirm', 'true');
    submit(pending.form, { method: 'post' });
    setPending(null);
  };
  const siblings = settings.siblings.map((s) => s.name).join(', ');

  return (
    <TabForm tab="services" failed={failed} fields={FIELDS} onSubmit={onSubmit}>
      <input type="hidden" name="service_settings" value={on.join(',')} />
      {FLAGS.map((f) => (
        <input key={f} type="hidden" name={f} value={String(flags[f])} />
      ))}
      <Banner tone="info">
        {settings.is_selected
          ? t('companySettings.selectedNote')
          : t('companySettings.otherNote', { name: settings.general.name })}
      </Banner>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettings.sectionServices')}
          </Text>
          <Text as="p" tone="subdued">
            {t('companySettings.servicesHelp')}
          </Text>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="200">
            {SERVICE_SETTING_IDS.map((id) => (
              <Checkbox
                key={id}
                label={name(id)}
                checked={on.includes(id)}
                onChange={(checked) => toggle(id, checked)}
                helpText={id === PRIVATE_SESSION_CHOICES[0] ? t('companySettings.privateChoiceHelp') : undefined}
              />
            ))}
          </InlineGrid>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettings.sectionCharging')}
          </Text>
          <Checkbox
            label={t('companySettings.parentCanChargeOn')}
            checked={flags.parent_can_charge_on}
            disabled={settings.parent === null}
            helpText={
              settings.parent
                ? t('companySettings.parentHelp', { name: settings.parent.name })
                : t('companySettings.parentNone')
            }
            onChange={(v) => setFlags((old) => ({ ...old, parent_can_charge_on: v }))}
          />
          <Checkbox
            label={t('companySettings.siblingsCanChargeOn')}
            checked={flags.siblings_can_charge_on}
            helpText={
              siblings ? t('companySettings.siblingsList', { names: siblings }) : t('companySettings.siblingsNone')
            }
            onChange={(v) => setFlags((old) => ({ ...old, siblings_can_charge_on: v }))}
          />
          <Checkbox
            label={t('companySettings.mandatoryLicensePlate')}
            checked={flags.mandatory_license_plate}
            onChange={(v) => setFlags((old) => ({ ...old, mandatory_license_plate: v }))}
          />
        </BlockStack>
      </Card>
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t('companySettings.confirmTitle')}
        primaryAction={{ content: t('companySettings.confirmAction'), destructive: true, onAction: confirm }}
        secondaryActions={[{ content: t('companySettings.cancel'), onAction: () => setPending(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{t('companySettings.confirmBody')}</Text>
            <List>
              {(pending?.ids ?? []).map((id) => (
                <List.Item key={id}>{name(id)}</List.Item>
              ))}
            </List>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </TabForm>
  );
}
