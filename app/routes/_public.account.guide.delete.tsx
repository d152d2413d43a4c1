/** @module /account/guide/delete: how to delete an account; no login needed. */
import type { MetaFunction } from '@remix-run/cloudflare';
import { BlockStack, Card, List, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { titleMeta } from '../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'deleteAccount.title');

export default function DeleteAccountGuide() {
  const { t } = useTranslation();
  return (
    <Page title={t('deleteAccount.title')} subtitle={t('deleteAccount.intro')}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('deleteAccount.stepsTitle')}
            </Text>
            <List type="number">
              <List.Item>{t('deleteAccount.step1')}</List.Item>
              <List.Item>{t('deleteAccount.step2')}</List.Item>
              <List.Item>{t('deleteAccount.step3')}</List.Item>
            </List>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('deleteAccount.deletedTitle')}
            </Text>
            <Text as="p">{t('deleteAccount.deleted')}</Text>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('deleteAccount.keptTitle')}
            </Text>
            <Text as="p">{t('deleteAccount.kept')}</Text>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('deleteAccount.delayTitle')}
            </Text>
            <Text as="p">{t('deleteAccount.delay')}</Text>
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}
