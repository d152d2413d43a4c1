/**
 * @module Every logged-in path without its own route. A navigation entry that is not built yet
 * says so plainly (for a user holding its permission, never with made-up data); any other path is
 * the 404 page with HTTP 404. Logged out, requireUser sends the browser to /login.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { NAVIGATION } from '../../domain/permissions/navigation';
import { AppRouteErrorBoundary } from '../components/route-error';
import { tKey } from '../i18n/resources';
import { titleMeta } from '../lib/meta';
import { forbidden, requireUser } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
  const item = NAVIGATION.flatMap((section) => section.items).find((entry) => entry.url === pathname);
  if (!item) throw data({ landing: me.landing }, { status: 404 });
  if (!me.permissions.includes(item.permission)) forbidden(me);
  return { label: item.label, landing: me.landing === pathname ? null : me.landing };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  titleMeta(matches, page?.label ?? 'notFound.title');

export default function NotYetAvailable() {
  const { t } = useTranslation();
  const { label, landing } = useLoaderData<typeof loader>();
  const area = tKey(t, label);
  return (
    <Page title={area}>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingLg">
            {t('notAvailable.title')}
          </Text>
          <Text as="p">{t('notAvailable.body', { area })}</Text>
          {landing ? (
            <InlineStack>
              <Button url={landing}>{t('common.goToStart')}</Button>
            </InlineStack>
          ) : null}
        </BlockStack>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
