/** @module The seven languages of the product; English is the default. */
export const LANGUAGES = ['en', 'de', 'fr', 'nl', 'it', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Native names, shown in the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
  it: 'Italiano',
  es: 'Español',
  pt: 'Português',
};
