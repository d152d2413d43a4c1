/** @module /welcome: a greeting and the areas this user may open (from me.navigation). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Card, InlineGrid, Link, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../components/route-error';
import { tKey } from '../i18n/resources';
import { displayName } from '../lib/display-name';
import { titleMeta } from '../lib/meta';
import { requirePermission } from '../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'welcome.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'session:basic');
  return { name: displayName(me.user), company: me.company.name, sections: me.navigation };
}

export default function Welcome() {
  const { t } = useTranslation();
  const { name, company, sections } = useLoaderData<typeof loader>();
  return (
    <Page title={t('welcome.title')}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingLg">
              {t('welcome.greeting', { name })}
            </Text>
            <Text as="p">{t('welcome.company', { company })}</Text>
          </BlockStack>
        </Card>
        {sections.length === 0 ? (
          <Card>
            <Text as="p">{t('welcome.noAreas')}</Text>
          </Card>
        ) : (
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('welcome.areas')}
            </Text>
            <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
              {sections.map((section) => (
                <Card key={section.id}>
                  <BlockStack gap="200">
                    <Text as="h3" variant="headingSm">
                      {tKey(t, section.label)}
                    </Text>
                    {section.items.map((item) => (
                      <Link key={item.url} url={item.url} removeUnderline>
                        {tKey(t, item.label)}
                      </Link>
                    ))}
                  </BlockStack>
                </Card>
              ))}
            </InlineGrid>
          </BlockStack>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
