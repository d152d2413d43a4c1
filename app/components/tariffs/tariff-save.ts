/** @module The create and edit actions' shared answer: the API's refusal as messages per field. */
import type { ApiErrorBody } from '../../lib/api.server';

export interface SaveRefusal {
  message: string;
  errors: Record<string, string>;
}

export function refusalOf(error: ApiErrorBody): SaveRefusal {
  const errors: Record<string, string> = {};
  for (const issue of error.issues ?? []) errors[issue.field] ??= issue.message;
  if (error.field && !errors[error.field]) errors[error.field] = error['error-msg'];
  return { message: error['error-msg'], errors };
}

/** The list tab a tariff type belongs to (`emp` is shown as EMSP). */
export function tabOf(type: string): string {
  return type === 'emp' ? 'emsp' : type;
}
