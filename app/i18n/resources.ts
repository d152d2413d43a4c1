/** @module Types i18next's `t` against the English catalog, so an unknown key is a type error. */

import type { en } from '@i18n/locales/en';
import type { TFunction } from 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/**
 * Translates a key that arrives as data (navigation labels from the API, i18n keys in toasts),
 * which the typed `t` cannot check; tests/unit/i18n.test.ts checks the navigation keys instead.
 */
export function tKey(t: TFunction, key: string, params?: Record<string, string | number>): string {
  return (t as unknown as (key: string, options?: object) => string)(key, params);
}
