/** @module The API's one error shape: `error-msg` carries the spec's message, translated. */

import { type MessageKey, translate } from '@i18n/messages';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requestLanguage } from './language';

export interface ApiErrorBody {
  'error-msg': string;
  code: string;
  /** The input field that failed, for validation errors. */
  field?: string;
  issues?: { field: string; message: string }[];
  /** On TWO_FACTOR_REQUIRED: 4 sends the browser to /2fa-qr, anything else to /2fa. */
  token_2fa_method_id?: number;
  /** On TOO_MANY_ATTEMPTS: seconds until the next attempt is allowed. */
  retry_after?: number;
}

export function apiError<S extends ContentfulStatusCode>(
  c: Context,
  status: S,
  code: string,
  key: MessageKey,
  extra: Omit<ApiErrorBody, 'error-msg' | 'code'> & { params?: Record<string, string | number> } = {},
) {
  const { params, ...rest } = extra;
  const body: ApiErrorBody = { 'error-msg': translate(requestLanguage(c), key, params), code, ...rest };
  return c.json(body, status);
}
