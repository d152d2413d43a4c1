/** @module The 404 and generic error pages, shared by /error-404, the splat route and error boundaries. */
import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export function NotFoundContent({ homeUrl, homeLabel }: { homeUrl: string; homeLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Page narrowWidth>
      <Card>
        <BlockStack gap="400">
          <Text as="p" variant="bodySm" tone="subdued">
            {t('notFound.code')}
          </Text>
          <Text as="h1" variant="headingXl">
            {t('notFound.title')}
          </Text>
          <Text as="p">{t('notFound.body')}</Text>
          <InlineStack>
            <Button variant="primary" url={homeUrl}>
              {homeLabel ?? t('common.goToStart')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </Page>
  );
}

export function ErrorContent({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Page narrowWidth>
      <Card>
        <BlockStack gap="400">
          <Text as="p" variant="bodySm" tone="subdued">
            {t('errorPage.status', { status })}
          </Text>
          <Text as="h1" variant="headingXl">
            {t('errorPage.title')}
          </Text>
          <Text as="p">{t('common.generic')}</Text>
          <InlineStack>
            <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </Page>
  );
}
