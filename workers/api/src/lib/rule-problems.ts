/**
 * @module The 400 answer of a record that breaks domain rules (station rules of spec section 5, a
 * location's): the first problem's field, and every problem's field and translated message in `issues`.
 */
import { type MessageKey, translate } from '@i18n/messages';
import type { Context } from 'hono';
import { apiError } from './errors';
import { requestLanguage } from './language';

export interface RuleProblem {
  field: string;
  key: MessageKey;
}

/** `VALIDATION_FAILED` with `key` as the message (by default the first problem's own). */
export function rulesFailed(c: Context, problems: readonly RuleProblem[], key?: MessageKey) {
  const lang = requestLanguage(c);
  return apiError(c, 400, 'VALIDATION_FAILED', key ?? problems[0]?.key ?? 'generic', {
    field: problems[0]?.field,
    issues: problems.map((p) => ({ field: p.field, message: translate(lang, p.key) })),
  });
}
