/** @module /connectors/onboard-station: choose an online or an offline station (offline only with service setting 27). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Button, Card, InlineGrid, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'onboarding.choose.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:onboard');
  return {
    offline: me.permissions.includes('stations:onboard:offline'),
    move: me.permissions.includes('stations:move') || me.permissions.includes('stations:hide'),
  };
}

export default function OnboardChoosePage() {
  const { t } = useTranslation();
  const { offline, move } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('onboarding.choose.title')}
      subtitle={t('onboarding.choose.intro')}
      secondaryActions={move ? [{ content: t('onboarding.choose.moveLink'), url: '/connectors/move-stations' }] : []}
    >
      <Layout>
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('onboarding.choose.onlineTitle')}
                </Text>
                <Text as="p">{t('onboarding.choose.onlineBody')}</Text>
                <Button variant="primary" url="/connectors/onboard-station/online">
                  {t('onboarding.choose.onlineAction')}
                </Button>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('onboarding.choose.offlineTitle')}
                </Text>
                <Text as="p">{t('onboarding.choose.offlineBody')}</Text>
                {offline ? (
                  <Button url="/connectors/onboard-station/offline">{t('onboarding.choose.offlineAction')}</Button>
                ) : (
                  <Text as="p" tone="subdued">
                    {t('onboarding.choose.offlineDisabled')}
                  </Text>
                )}
              </BlockStack>
            </Card>
          </InlineGrid>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
