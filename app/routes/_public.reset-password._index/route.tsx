/**
 * @module /reset-password: asks for the e-mail address and always answers with the same neutral
 * confirmation, so the page never tells whether an account exists.
 */
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Banner, Button, FormLayout, InlineStack, Link, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AuthPanel } from '../../components/public-shell';
import { tKey } from '../../i18n/resources';
import { check, type FieldErrors, formValues, resetRequestSchema } from '../../lib/auth-forms';
import { titleMeta } from '../../lib/meta';
import { type FlashToast, flash } from '../../lib/toast';
import { requestReset } from './reset-request.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'resetPassword.title');

interface ActionData {
  errors?: FieldErrors<{ email: string }>;
  sent?: boolean;
  toast?: FlashToast;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const checked = check(resetRequestSchema, formValues(await request.formData(), ['email']));
  if (!checked.ok) return data<ActionData>({ errors: checked.errors }, { status: 400 });
  await requestReset(request, context, checked.data.email);
  return data<ActionData>({ sent: true, toast: flash('resetPassword.sentTitle') });
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { flash: showToast } = useFeedback();
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  useEffect(() => showToast(actionData?.toast), [actionData, showToast]);
  const errorKey = clientError ?? actionData?.errors?.email;

  return (
    <AuthPanel title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
      {actionData?.sent ? (
        <Banner tone="success" title={t('resetPassword.sentTitle')}>
          <p>{t('resetPassword.sent')}</p>
        </Banner>
      ) : null}
      <Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const checked = check(resetRequestSchema, { email });
          if (checked.ok) return setClientError(null);
          event.preventDefault();
          setClientError(checked.errors.email ?? null);
        }}
      >
        <FormLayout>
          <TextField
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={errorKey ? tKey(t, errorKey) : undefined}
            requiredIndicator
          />
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === 'submitting'}>
            {t('resetPassword.submit')}
          </Button>
        </FormLayout>
      </Form>
      <InlineStack align="end">
        <Link url="/login">{t('common.backToLogin')}</Link>
      </InlineStack>
    </AuthPanel>
  );
}
