/**
 * @module A validation hook for schemas that name their failure by message key, e.g.
 * `z.email({ error: 'emailInvalid' })`: the 400 then carries the spec's own text for that field
 * (in the caller's language) instead of the generic validation message.
 */

import { isMessageKey, translate } from '@i18n/messages';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { apiError } from './errors';
import { requestLanguage } from './language';
import { validationFailed } from './validation';

type Result = { success: true } | { success: false; error: z.ZodError };

/** Generic in the path so that passing it to `.openapi()` keeps the route's literal path in the app type. */
export function keyedValidation<P extends string>(result: Result, c: Context<AppEnv, P>) {
  if (result.success) return;
  const first = result.error.issues[0];
  const lang = requestLanguage(c);
  const issues = result.error.issues.map((issue) =>
    isMessageKey(issue.message) ? { ...issue, message: translate(lang, issue.message) } : issue,
  );
  if (first && first.code !== 'unrecognized_keys' && isMessageKey(first.message)) {
    const field = first.path.join('.') || '(body)';
    return apiError(c, 400, 'VALIDATION_FAILED', first.message, {
      field,
      issues: issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message })),
    });
  }
  return validationFailed(c, new z.ZodError(issues));
}
