/**
 * @module One screen area's UI texts in all seven languages, in one file. Areas keep the big
 * catalogs (../locales) small and let each part of the product own its texts: the English object
 * is the source, every other language must have the same keys (a type error otherwise), and
 * tests/unit/i18n.test.ts checks non-empty texts and placeholders at run time.
 */
import type { Language } from '../languages';

/** The same keys as the source, with string leaves. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export function defineArea<T extends object>(
  en: T,
  others: Record<Exclude<Language, 'en'>, Shape<T>>,
): Record<Language, Shape<T>> {
  return { en: en as Shape<T>, ...others };
}
