/** @module Why a single sign-on did not go through, on /login: a refusal code from /sso/callback or the start's message. */
import { Banner } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

const CODES = [
  'SSO_NOT_AVAILABLE',
  'SSO_FAILED',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_DOMAIN_NOT_ALLOWED',
  'SSO_OTHER_COMPANY',
  'SSO_ACCOUNT_DISABLED',
  'SSO_PROVIDER_ERROR',
] as const;
type Code = (typeof CODES)[number];
const isCode = (code: string | null): code is Code => CODES.includes(code as Code);

export function SsoErrorBanner({ code, text }: { code: string | null; text?: string }) {
  const { t } = useTranslation();
  const message = text ?? (isCode(code) ? t(`sso.error.${code}`) : code ? t('sso.error.SSO_FAILED') : null);
  if (!message) return null;
  return (
    <Banner tone="critical" title={t('login.failed')}>
      <p>{message}</p>
    </Banner>
  );
}
