/** @module /login: e-mail and password, single sign-on through the company's identity provider (ADR 048), forgotten password. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useFetcher, useNavigation, useSearchParams } from '@remix-run/react';
import { Banner, Button, Divider, FormLayout, InlineStack, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPanel } from '../../components/public-shell';
import { tKey } from '../../i18n/resources';
import { check, type FieldErrors, loginSchema } from '../../lib/auth-forms';
import { fieldErrorFromMap } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { allowedOrLanding } from '../../lib/nav-permission';
import { safeRedirect } from '../../lib/redirects';
import { getMe } from '../../lib/session.server';
import { INACTIVITY_LOGOUT_MINUTES } from '../../lib/session-rules';
import { loginAction } from './login.server';
import { SsoErrorBanner } from './sso-error';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'login.title');

/** A user who is already fully logged in has nothing to do here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await getMe(request, context);
  if (state.status === 'ok') {
    throw redirect(allowedOrLanding(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), ''), state.me));
  }
  return null;
}

export const action = loginAction;

type Fields = { email: string; password: string };

export default function Login() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Fields>({ email: '', password: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors<Fields> | null>(null);
  const lookup = useFetcher<typeof action>();
  const [lookedUp, setLookedUp] = useState('');
  const sso = lookup.data?.sso;
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const errors = clientErrors ?? actionData?.errors ?? {};
  const errorFor = fieldErrorFromMap<keyof Fields>(errors, { text: (key) => tKey(t, key) });
  const set = (field: keyof Fields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <AuthPanel title={t('login.title')} intro={t('login.intro')}>
      {params.get('reason') === 'inactive' ? (
        <Banner tone="info">
          <p>{t('login.inactive', { minutes: INACTIVITY_LOGOUT_MINUTES })}</p>
        </Banner>
      ) : null}
      {params.get('reason') === 'expired' ? (
        <Banner tone="info">
          <p>{t('login.expired')}</p>
        </Banner>
      ) : null}
      <SsoErrorBanner code={params.get('sso')} text={actionData?.ssoError} />
      {actionData?.formError && !clientErrors ? (
        <Banner tone="critical" title={t('login.failed')}>
          <p>{actionData.formError}</p>
        </Banner>
      ) : null}
      <Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const checked = check(loginSchema, values);
          if (!checked.ok) {
            event.preventDefault();
            setClientErrors(checked.errors);
          } else {
            setClientErrors(null);
          }
        }}
      >
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <FormLayout>
          <TextField
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            onBlur={(event) => {
              // Not when the blur is the click on "Log in": the login itself is on its way, and a lookup
              // racing it would only revalidate the page being left. Once per typed address.
              const to = event?.relatedTarget as HTMLElement | null | undefined;
              if (to?.getAttribute('type') === 'submit' || !values.email.includes('@')) return;
              if (lookedUp === values.email) return;
              setLookedUp(values.email);
              lookup.submit({ intent: 'sso-lookup', email: values.email }, { method: 'post', action: '/login' });
            }}
            error={errorFor('email')}
            requiredIndicator
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errorFor('password')}
            requiredIndicator
          />
          <Button submit variant="primary" size="large" fullWidth loading={submitting}>
            {t('login.submit')}
          </Button>
        </FormLayout>
      </Form>
      <InlineStack align="end">
        <Link url="/reset-password">{t('login.forgot')}</Link>
      </InlineStack>
      <InlineStack gap="300" blockAlign="center" wrap={false}>
        <div style={{ flex: 1 }}>
          <Divider />
        </div>
        <Text as="span" tone="subdued">
          {t('login.or')}
        </Text>
        <div style={{ flex: 1 }}>
          <Divider />
        </div>
      </InlineStack>
      <Form method="post" action="/login">
        <input type="hidden" name="intent" value="sso" />
        <input type="hidden" name="email" value={values.email} />
        <Button submit fullWidth variant={sso?.available ? 'primary' : undefined}>
          {sso?.available && sso.company ? t('sso.continueWith', { company: sso.company }) : t('login.sso')}
        </Button>
      </Form>
    </AuthPanel>
  );
}
