/** @module Changing language or theme from anywhere: POST /preferences, then a toast in the new language. */

import type { Language } from '@i18n/languages';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import type { action } from '../routes/preferences';
import { useFeedback } from './feedback';

export function usePreferences() {
  const fetcher = useFetcher<typeof action>({ key: 'preferences' });
  const { flash } = useFeedback();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) flash(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, flash]);
  return {
    setLanguage: (language: Language) => fetcher.submit({ language }, { method: 'post', action: '/preferences' }),
    setTheme: (theme: 'light' | 'dark') => fetcher.submit({ theme }, { method: 'post', action: '/preferences' }),
    pending: fetcher.state !== 'idle',
  };
}
