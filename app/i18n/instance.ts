/** @module One i18next instance per render tree, holding only the current language's catalog. */

import type { UiCatalog } from '@i18n/locales/en';
import { createInstance, type i18n as I18n } from 'i18next';
import { i18nConfig } from './config';
import './resources';

export function createI18n(lng: string, translation: UiCatalog): I18n {
  const instance = createInstance();
  // With the resources inline and initImmediate off, init is synchronous: the first render is translated.
  void instance.init({
    ...i18nConfig,
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation } },
    initImmediate: false,
  });
  return instance;
}
