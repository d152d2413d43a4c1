/** @module Toasts: what an action hands the page, or carries across a redirect in a cookie. */

/**
 * An i18n key (and its parameters) rather than text, so the toast shows in the page's language;
 * `text` for a message the API has already translated.
 */
export interface FlashToast {
  key?: string;
  text?: string;
  params?: Record<string, string | number>;
  error?: boolean;
  /** Distinguishes two equal toasts in a row. */
  id: string;
}

export function flash(key: string, params?: FlashToast['params'], error = false): FlashToast {
  return { key, params, error, id: crypto.randomUUID() };
}

export function flashText(text: string, error = true): FlashToast {
  return { text, error, id: crypto.randomUUID() };
}

export function isFlashToast(value: unknown): value is FlashToast {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<FlashToast>;
  return typeof v.id === 'string' && (typeof v.key === 'string' || typeof v.text === 'string');
}
