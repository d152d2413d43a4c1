/** @module i18next options shared by the server and the browser. */

import { DEFAULT_LANGUAGE, LANGUAGES } from '@i18n/languages';
import type { InitOptions } from 'i18next';

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: ['translation'],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;
