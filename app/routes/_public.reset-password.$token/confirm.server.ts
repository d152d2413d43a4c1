/** @module POST /api/reset-password/confirm (token from the form body), with the API's field errors mapped onto the form. */

import { translate } from '@i18n/messages';
import { type ActionFunctionArgs, data } from '@remix-run/cloudflare';
import { localeFor } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { check, type FieldErrors, formValues, newPasswordSchema } from '../../lib/auth-forms';
import { type FlashToast, flash, flashText } from '../../lib/toast';

type Fields = { password: string; passwordConfirmation: string };
const FIELDS = ['password', 'passwordConfirmation'] as const;

export interface ConfirmActionData {
  done?: boolean;
  /** i18n keys from the form check. */
  errors?: FieldErrors<Fields>;
  /** The API's messages for a field it named. */
  fieldTexts?: Partial<Record<keyof Fields, string>>;
  formError?: string;
  toast?: FlashToast;
}

export async function confirmReset({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // The page moved the token from the link's fragment into the form: it is never in a URL we receive.
  const token = String(form.get('token') ?? '');
  const checked = check(newPasswordSchema, formValues(form, FIELDS));
  if (!checked.ok) return data<ConfirmActionData>({ errors: checked.errors }, { status: 400 });

  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const result = await api.send(api.client.api['reset-password'].confirm.$post({ json: { token, ...checked.data } }));
  // Spec 7.1: a reset succeeds only if the answer's result is OK.
  if (result.ok && result.data.result === 'OK') {
    return data<ConfirmActionData>(
      { done: true, toast: flash('newPassword.successTitle') },
      { headers: api.headers() },
    );
  }
  const text = errorText(result.ok ? null : result.error, translate(language, 'generic'));
  const field = result.ok ? undefined : result.error.field;
  const answer: ConfirmActionData =
    field === 'password' || field === 'passwordConfirmation'
      ? { fieldTexts: { [field]: text }, toast: flashText(text) }
      : { formError: text, toast: flashText(text) };
  return data<ConfirmActionData>(answer, { status: result.ok ? 400 : result.status, headers: api.headers() });
}
