/** @module The language switch of the public pages (the logged-in one is in the profile menu). */

import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@i18n/languages';
import { Select } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { usePreferences } from './use-preferences';

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const preferences = usePreferences();
  return (
    <Select
      label={t('language.label')}
      labelInline
      options={OPTIONS}
      value={i18n.language}
      disabled={preferences.pending}
      onChange={(value) => {
        if (isLanguage(value) && value !== i18n.language) preferences.setLanguage(value);
      }}
    />
  );
}
