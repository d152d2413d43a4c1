/** @module Country choices for a Polaris Select: every ISO 3166-1 alpha-2 code, named in the page's language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ISO_COUNTRIES } from '../../domain/self-service/countries';

export function useCountryOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    return ISO_COUNTRIES.map((code) => ({ value: code, label: `${names?.of(code) ?? code} (${code})` })).sort((a, b) =>
      a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);
}
