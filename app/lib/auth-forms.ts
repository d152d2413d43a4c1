/**
 * @module The login, 2FA and password forms' rules (spec section 5), one schema each, used by the
 * browser before submitting and by the action again. Messages are i18n keys. zod/mini keeps the
 * browser bundle small.
 */
import * as z from 'zod/mini';

export const MIN_PASSWORD_LENGTH = 8;

const email = z.string().check(z.minLength(1, 'validation.emailRequired'), z.email('validation.emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
});

export const resetRequestSchema = z.object({ email });

export const codeSchema = z.object({
  code: z.string().check(z.minLength(1, 'validation.codeRequired'), z.regex(/^\d{6}$/, 'validation.codeFormat')),
});

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .check(z.minLength(1, 'validation.passwordRequired'), z.minLength(MIN_PASSWORD_LENGTH, 'validation.passwordMin')),
    passwordConfirmation: z.string(),
  })
  .check(
    z.refine((v) => v.password === v.passwordConfirmation, {
      message: 'validation.passwordMismatch',
      path: ['passwordConfirmation'],
    }),
  );

/** Field name → i18n key of its first error. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<T> };

/** Trims every string value, then checks it: the first message per field wins. */
export function check<T>(schema: z.ZodMiniType<T>, values: Record<string, unknown>): Checked<T> {
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    trimmed[key] = typeof value === 'string' && !key.toLowerCase().includes('password') ? value.trim() : value;
  }
  const result = schema.safeParse(trimmed);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<T> };
}

/** The form's values as plain strings. */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));
}
