/** @module /tutorials: short guides to the everyday tasks, public. */
import type { MetaFunction } from '@remix-run/cloudflare';
import { BlockStack, Card, Link, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../i18n/resources';
import { titleMeta } from '../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'tutorials.title');

const GUIDES = [
  'login',
  'authenticator',
  'password',
  'company',
  'preferences',
  'overview',
  'session',
  'support',
] as const;

export default function Tutorials() {
  const { t } = useTranslation();
  return (
    <Page title={t('tutorials.title')} subtitle={t('tutorials.intro')}>
      <BlockStack gap="400">
        {GUIDES.map((guide) => (
          <div key={guide} id={guide}>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {tKey(t, `tutorials.${guide}.title`)}
                </Text>
                <Text as="p">{tKey(t, `tutorials.${guide}.body`)}</Text>
              </BlockStack>
            </Card>
          </div>
        ))}
        <Link url="/account/guide/delete">{t('tutorials.deleteAccount')}</Link>
      </BlockStack>
    </Page>
  );
}
