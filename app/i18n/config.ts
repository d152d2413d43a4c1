/** @module i18next options shared by the server and the browser. */
import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/i18n/languages';

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: ['translation'],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;
