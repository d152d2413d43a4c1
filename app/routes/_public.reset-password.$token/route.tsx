/**
 * @module /reset-password/new#<token>: the new password (at least 8 characters) and its
 * confirmation. The token is in the fragment, which the browser never sends; the page moves it into
 * the form's POST body and drops it from the address bar.
 */
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Link, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AuthCard, AuthPanel } from '../../components/public-shell';
import { tKey } from '../../i18n/resources';
import { check, type FieldErrors, newPasswordSchema } from '../../lib/auth-forms';
import { fieldErrorFromMap } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { confirmReset } from './confirm.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'newPassword.title');

export async function action(args: ActionFunctionArgs) {
  return confirmReset(args);
}

type Fields = { password: string; passwordConfirmation: string };

export default function NewPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { flash } = useFeedback();
  const [values, setValues] = useState<Fields>({ password: '', passwordConfirmation: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors<Fields> | null>(null);
  const [token, setToken] = useState('');
  useEffect(() => flash(actionData?.toast), [actionData, flash]);
  useEffect(() => {
    const fromLink = window.location.hash.slice(1);
    if (!fromLink) return;
    setToken(fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  if (actionData?.done) {
    return (
      <AuthCard>
        <Card>
          <BlockStack gap="400">
            <Text as="h1" variant="headingXl">
              {t('newPassword.successTitle')}
            </Text>
            <Banner tone="success">
              <p>{t('newPassword.success')}</p>
            </Banner>
            <InlineStack>
              <Button variant="primary" url="/login">
                {t('newPassword.goToLogin')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </AuthCard>
    );
  }

  // Keys from the form check, texts from the API (already in the page's language).
  const fromKeys = fieldErrorFromMap<keyof Fields>(clientErrors ?? actionData?.errors, { text: (key) => tKey(t, key) });
  const fromTexts = fieldErrorFromMap<keyof Fields>(clientErrors ? undefined : actionData?.fieldTexts);
  const errorFor = (field: keyof Fields) => fromKeys(field) ?? fromTexts(field);
  const set = (field: keyof Fields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <AuthPanel title={t('newPassword.title')} intro={t('newPassword.intro')}>
      {actionData?.formError && !clientErrors ? (
        <Banner tone="critical">
          <p>{actionData.formError}</p>
        </Banner>
      ) : null}
      <Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const checked = check(newPasswordSchema, values);
          if (checked.ok) return setClientErrors(null);
          event.preventDefault();
          setClientErrors(checked.errors);
        }}
      >
        <input type="hidden" name="token" value={token} />
        <FormLayout>
          <TextField
            label={t('newPassword.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errorFor('password')}
            requiredIndicator
          />
          <TextField
            label={t('newPassword.confirmation')}
            name="passwordConfirmation"
            type="password"
            autoComplete="new-password"
            value={values.passwordConfirmation}
            onChange={set('passwordConfirmation')}
            error={errorFor('passwordConfirmation')}
            requiredIndicator
          />
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === 'submitting'}>
            {t('newPassword.submit')}
          </Button>
        </FormLayout>
      </Form>
      <InlineStack align="end">
        <Link url="/login">{t('common.backToLogin')}</Link>
      </InlineStack>
    </AuthPanel>
  );
}
