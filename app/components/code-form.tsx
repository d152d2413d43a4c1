/** @module The 6-digit code field of /2fa and /2fa-qr, checked in the browser before it is sent. */
import { Form, useNavigation } from '@remix-run/react';
import { Button, FormLayout, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../i18n/resources';
import { check, codeSchema } from '../lib/auth-forms';

export function CodeForm({ serverError, redirectTo }: { serverError?: string; redirectTo: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [code, setCode] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const verifying = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'verify';
  const error = clientError ? tKey(t, clientError) : serverError;

  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        const checked = check(codeSchema, { code });
        if (checked.ok) {
          setClientError(null);
          return;
        }
        event.preventDefault();
        setClientError(checked.errors.code ?? 'validation.codeRequired');
      }}
    >
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="redirectTo" value={redirectTo ?? ''} />
      <FormLayout>
        <TextField
          label={t('twoFactor.code')}
          name="code"
          value={code}
          onChange={(value) => setCode(value.replace(/\s+/g, ''))}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          error={error}
          requiredIndicator
        />
        <Button submit variant="primary" size="large" fullWidth loading={verifying}>
          {t('twoFactor.submit')}
        </Button>
      </FormLayout>
    </Form>
  );
}
