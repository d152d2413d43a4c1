/** @module What the user reads when an API call fails (spec sections 7.1 and 8). */
import type { ApiErrorBody } from './api.server';

/** The response's error-msg, else the fallback ("Undefined error, please contact the customer service."). */
export function errorText(error: Pick<ApiErrorBody, 'error-msg'> | null | undefined, fallback: string): string {
  const message = error?.['error-msg'];
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}
