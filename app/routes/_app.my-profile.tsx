/** @module /my-profile: who is logged in, read from GET /api/me; private users (role 55) also edit their personal data. */

import { isLanguage, LANGUAGE_NAMES } from '@i18n/languages';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Card, InlineGrid, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../components/route-error';
import { PersonalDataCard } from '../components/self-service/personal-data-card';
import { displayName } from '../lib/display-name';
import { titleMeta } from '../lib/meta';
import { AUTHENTICATOR_METHOD } from '../lib/redirects';
import { requirePermission } from '../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'profile.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'session:basic');
  return {
    name: displayName(me.user),
    email: me.user.email,
    company: me.company.name,
    language: isLanguage(me.user.language) ? LANGUAGE_NAMES[me.user.language] : me.user.language,
    theme: me.user.theme,
    authenticator: me.user.token_2fa_method_id === AUTHENTICATOR_METHOD,
    userId: me.user.id,
    personalData: me.permissions.includes('personal:self-charge'),
  };
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: ['oneThird', 'twoThirds'] }} gap="200">
      <Text as="dt" tone="subdued">
        {label}
      </Text>
      <Text as="dd" breakWord>
        {value}
      </Text>
    </InlineGrid>
  );
}

export default function MyProfile() {
  const { t } = useTranslation();
  const profile = useLoaderData<typeof loader>();
  return (
    <Page title={t('profile.title')}>
      <BlockStack gap="400">
        <Card>
          <dl style={{ margin: 0 }}>
            <BlockStack gap="300">
              <Row label={t('profile.name')} value={profile.name} />
              <Row label={t('profile.email')} value={profile.email} />
              <Row label={t('profile.company')} value={profile.company} />
              <Row label={t('language.label')} value={profile.language} />
              <Row label={t('theme.label')} value={t(profile.theme === 'dark' ? 'theme.dark' : 'theme.light')} />
              <Row
                label={t('profile.twoFactor')}
                value={t(profile.authenticator ? 'profile.twoFactorAuthenticator' : 'profile.twoFactorEmail')}
              />
            </BlockStack>
          </dl>
        </Card>
        {profile.personalData ? <PersonalDataCard scope="self" userId={profile.userId} canEdit /> : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
