/** @module A settings tab the product holds no data for yet: said plainly, with no fields. */
import { Banner, Card } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export function NotAvailableTab({ tab }: { tab: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Banner tone="info" title={`${tab}: ${t('companySettings.notAvailableTitle')}`}>
        <p>{t('companySettings.notAvailableBody')}</p>
      </Banner>
    </Card>
  );
}
