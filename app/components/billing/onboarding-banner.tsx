/**
 * @module The incomplete-onboarding banner (spec 8: "Billing onboarding: incomplete, with a recovery
 * action") for payment provider administrators (role 42) of an operator whose onboarding is not done.
 * Its data comes from `onboardingNoticeFor` (billing.server.ts) in the /stripe layout (routes/_app.stripe.tsx).
 */
import { Banner, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export interface OnboardingNoticeData {
  companyId: number;
  state: 'todo' | 'pending' | 'done' | 'interrupted' | 'reauth' | 'recover';
  incomplete: boolean;
}

export function OnboardingBanner({ notice }: { notice: OnboardingNoticeData | null }) {
  const { t } = useTranslation();
  if (!notice?.incomplete) return null;
  return (
    <Banner
      tone="warning"
      title={t('billingAccounts.bannerTitle')}
      action={{ content: t('billingAccounts.bannerAction'), url: `/stripe/onboard/${notice.companyId}` }}
    >
      <Text as="p">
        {t('billingAccounts.incomplete')} ({t(`billingAccounts.states.${notice.state}` as const)})
      </Text>
    </Banner>
  );
}
