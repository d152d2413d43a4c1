/** @module /2fa: the code sent by e-mail (the login action sent it), with "Send a new code". */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from '../../components/code-form';
import { useFeedback } from '../../components/feedback';
import { AuthCard } from '../../components/public-shell';
import { useTwoFactorNotice } from '../../components/use-two-factor-notice';
import { titleMeta } from '../../lib/meta';
import { requirePendingTwoFactor } from '../../lib/two-factor.server';
import { twoFactorAction } from './two-factor.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'twoFactor.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { redirectTo } = await requirePendingTwoFactor(request, context, '/2fa');
  return { redirectTo };
}

export const action = twoFactorAction;

export default function TwoFactor() {
  const { t } = useTranslation();
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { flash } = useFeedback();
  useTwoFactorNotice();
  useEffect(() => flash(actionData?.toast), [actionData, flash]);
  const resending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resend';

  return (
    <AuthCard>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h1" variant="headingXl">
              {t('twoFactor.title')}
            </Text>
            <Text as="p" tone="subdued">
              {t('twoFactor.intro')}
            </Text>
          </BlockStack>
          <CodeForm serverError={actionData?.codeError} redirectTo={redirectTo} />
          <InlineStack align="space-between" blockAlign="center">
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="redirectTo" value={redirectTo ?? ''} />
              <Button submit variant="plain" loading={resending}>
                {t('twoFactor.resend')}
              </Button>
            </Form>
            <Link url="/login">{t('common.backToLogin')}</Link>
          </InlineStack>
        </BlockStack>
      </Card>
    </AuthCard>
  );
}
