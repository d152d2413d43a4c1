/** @module A catalogue row's badges in the lists: active or inactive, and "not in Stripe yet" when Stripe never took it. */
import { Badge, InlineStack } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export function StatusBadges({
  active,
  synced,
  inactiveLabel,
}: {
  active: boolean;
  synced: boolean;
  inactiveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <InlineStack gap="100">
      <Badge tone={active ? 'success' : undefined}>
        {active ? t('billingCatalogue.active') : (inactiveLabel ?? t('billingCatalogue.inactive'))}
      </Badge>
      {synced ? null : <Badge tone="warning">{t('billingCatalogue.notSynced')}</Badge>}
    </InlineStack>
  );
}
