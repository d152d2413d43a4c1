/**
 * Every language has every English key, non-empty, with the same interpolation placeholders:
 * the UI catalogs (i18n/locales) and the API messages (i18n/messages.ts). Every
 * navigation label key exists.
 */

import { LANGUAGES, type Language } from '@i18n/languages';
import { de } from '@i18n/locales/de';
import { en } from '@i18n/locales/en';
import { es } from '@i18n/locales/es';
import { fr } from '@i18n/locales/fr';
import { it as italian } from '@i18n/locales/it';
import { nl } from '@i18n/locales/nl';
import { pt } from '@i18n/locales/pt';
import { MESSAGES } from '@i18n/messages';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../../domain/permissions/navigation';

const UI: Record<Language, unknown> = { en, de, fr, nl, it: italian, es, pt };

/** Flattens nested catalogs to dotted keys, the way i18next resolves them. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** What is wrong with one language compared with English: missing, empty, extra keys, placeholders. */
function problems(source: Map<string, unknown>, target: Map<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, english] of source) {
    const text = target.get(key);
    if (text === undefined) found.push(`missing ${key}`);
    else if (typeof text !== 'string' || text.trim() === '') found.push(`empty ${key}`);
    else if (placeholders(text).join() !== placeholders(String(english)).join()) found.push(`placeholders ${key}`);
  }
  for (const key of target.keys()) if (!source.has(key)) found.push(`extra ${key}`);
  return found;
}

describe('UI catalogs', () => {
  const source = flatten(en);

  it('has only non-empty strings in English', () => {
    const bad = [...source].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key, filled, with the same placeholders',
    (lang) => {
      expect(problems(source, flatten(UI[lang]))).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not an English copy', (lang) => {
    const target = flatten(UI[lang]);
    const long = [...source].filter(([, v]) => typeof v === 'string' && v.split(' ').length >= 4);
    const copies = long.filter(([k, v]) => target.get(k) === v).map(([k]) => k);
    expect(copies).toEqual([]);
  });

  it('contains every navigation label of NAVIGATION', () => {
    const keys = NAVIGATION.flatMap((s) => [s.label, ...s.items.map((i) => i.label)]);
    const missing = keys.filter((k) => typeof source.get(k) !== 'string');
    expect(missing).toEqual([]);
  });
});

describe('API messages', () => {
  const source = flatten(MESSAGES.en);

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English message, filled, with the same placeholders',
    (lang) => {
      expect(problems(source, flatten(MESSAGES[lang]))).toEqual([]);
    },
  );
});

describe('the checker itself', () => {
  it('reports missing, empty, extra keys and placeholder drift', () => {
    const source = flatten({ a: 'Hello {{name}}', b: { c: 'x' }, d: 'y' });
    const target = flatten({ a: 'Hallo {{nom}}', b: { c: ' ' }, e: 'z' });
    expect(problems(source, target)).toEqual(['placeholders a', 'empty b.c', 'missing d', 'extra e']);
  });
});
