/**
 * @module The "2FA required" notice when a page sent the browser to /2fa or /2fa-qr; repeats
 * within TWO_FACTOR_ERROR_SUPPRESSION_MS are suppressed (spec section 4).
 */
import { useSearchParams } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_ERROR_SUPPRESSION_MS } from '../lib/session-rules';
import { useFeedback } from './feedback';

export function useTwoFactorNotice() {
  const { t } = useTranslation();
  const { notify } = useFeedback();
  const [params] = useSearchParams();
  const required = params.get('notice') === '2fa';
  useEffect(() => {
    if (!required) return;
    notify({
      title: t('common.error'),
      message: t('common.twoFactorRequired'),
      tone: 'warning',
      dedupeKey: 'two-factor-required',
      suppressMs: TWO_FACTOR_ERROR_SUPPRESSION_MS,
    });
  }, [required, notify, t]);
}
