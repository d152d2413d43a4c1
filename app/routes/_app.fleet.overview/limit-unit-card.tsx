/**
 * @module The fleet overview's settings card: the company's limit unit (kWh or its currency, ADR 028).
 * Switching asks for confirmation, which says what happens to existing limits (kept, read in the new
 * unit; ADR 028 addendum). Only callers with fleet:limits (roles 35, 37 and the super users) can switch.
 */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Modal, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FleetSettings {
  limit_unit: 'kwh' | 'currency';
  currency: string;
  users_with_limits: number;
  can_change: boolean;
}

export type LimitUnitResult = { saved: 'kwh' | 'currency' } | { error: string };

export function LimitUnitCard({ settings }: { settings: FleetSettings }) {
  const { t } = useTranslation();
  const result = useActionData<LimitUnitResult>();
  const navigation = useNavigation();
  const [choice, setChoice] = useState<'kwh' | 'currency'>(settings.limit_unit);
  const [confirming, setConfirming] = useState(false);
  const unitLabel = (u: 'kwh' | 'currency') =>
    u === 'kwh' ? t('fleet.settings.unitKwh') : t('fleet.settings.unitCurrency', { currency: settings.currency });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'limit-unit';

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('fleet.settings.title')}
        </Text>
        {result && 'saved' in result ? (
          <Banner tone="success">{t('fleet.settings.saved', { unit: unitLabel(result.saved) })}</Banner>
        ) : null}
        {result && 'error' in result ? <Banner tone="critical">{result.error}</Banner> : null}
        <BlockStack gap="100">
          <Text as="p">
            {`${t('fleet.settings.limitUnit')}: `}
            <Text as="span" fontWeight="semibold">
              {unitLabel(settings.limit_unit)}
            </Text>
          </Text>
          <Text as="p" tone="subdued">
            {t('fleet.settings.help')}
          </Text>
        </BlockStack>
        {settings.can_change ? (
          <InlineStack gap="200" blockAlign="end">
            <Select
              label={t('fleet.settings.limitUnit')}
              labelHidden
              options={(['kwh', 'currency'] as const).map((u) => ({ label: unitLabel(u), value: u }))}
              value={choice}
              onChange={(v) => setChoice(v === 'currency' ? 'currency' : 'kwh')}
            />
            <Button disabled={choice === settings.limit_unit} onClick={() => setConfirming(true)}>
              {t('fleet.settings.change')}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('fleet.settings.confirmTitle', { unit: unitLabel(choice) })}
        footer={
          <InlineStack gap="200" align="end">
            <Button onClick={() => setConfirming(false)}>{t('fleet.wizard.cancel')}</Button>
            <Form method="post" onSubmit={() => setConfirming(false)}>
              <input type="hidden" name="intent" value="limit-unit" />
              <input type="hidden" name="limit_unit" value={choice} />
              <Button variant="primary" submit loading={busy}>
                {t('fleet.settings.confirm', { unit: unitLabel(choice) })}
              </Button>
            </Form>
          </InlineStack>
        }
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{t('fleet.settings.confirmBody', { currency: settings.currency })}</Text>
            <Text as="p" fontWeight="semibold">
              {t('fleet.settings.confirmCount', { count: settings.users_with_limits })}
            </Text>
            <Text as="p" tone="subdued">
              {t('fleet.settings.confirmSessions')}
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
