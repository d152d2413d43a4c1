/**
 * @module Server side of i18n: all seven catalogs live here and only here. The language is the
 * logged-in user's, else the `lng` cookie, else Accept-Language, else English; the browser gets
 * the catalog (and Polaris' own translations) of that one language through the root loader.
 */

import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@i18n/languages';
import { de } from '@i18n/locales/de';
import { en, type UiCatalog } from '@i18n/locales/en';
import { es } from '@i18n/locales/es';
import { fr } from '@i18n/locales/fr';
import { it } from '@i18n/locales/it';
import { nl } from '@i18n/locales/nl';
import { pt } from '@i18n/locales/pt';
import type { AppLoadContext } from '@remix-run/cloudflare';
import polarisDe from '@shopify/polaris/locales/de.json';
import polarisEn from '@shopify/polaris/locales/en.json';
import polarisEs from '@shopify/polaris/locales/es.json';
import polarisFr from '@shopify/polaris/locales/fr.json';
import polarisIt from '@shopify/polaris/locales/it.json';
import polarisNl from '@shopify/polaris/locales/nl.json';
import polarisPt from '@shopify/polaris/locales/pt-PT.json';
import type { TFunction } from 'i18next';
import { RemixI18Next } from 'remix-i18next/server';
import { languageCookie } from '../lib/cookies.server';
import { getMe } from '../lib/session.server';
import { i18nConfig } from './config';
import './resources';

export const CATALOGS: Record<Language, UiCatalog> = { en, de, fr, nl, it, es, pt };

/** Polaris ships no plain `pt`; European Portuguese matches our catalog. */
const POLARIS: Record<Language, typeof polarisEn> = {
  en: polarisEn,
  de: polarisDe,
  fr: polarisFr,
  nl: polarisNl,
  it: polarisIt,
  es: polarisEs,
  pt: polarisPt,
};

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ['cookie', 'header'],
  },
  i18next: {
    ...i18nConfig,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGS[l] }])),
  },
});

/** The page's language: the logged-in user's own, else what remix-i18next detects (cookie, header). */
export async function localeFor(request: Request, context: AppLoadContext): Promise<Language> {
  const state = await getMe(request, context);
  if (state.status === 'ok' && isLanguage(state.me.user.language)) return state.me.user.language;
  const detected = await remixI18n.getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

/** A server-side `t` in the page's language, for titles and messages built in loaders and actions. */
export async function serverT(request: Request, context: AppLoadContext): Promise<TFunction> {
  return remixI18n.getFixedT(await localeFor(request, context));
}

export function catalogFor(language: Language) {
  return { translation: CATALOGS[language], polaris: POLARIS[language] };
}
