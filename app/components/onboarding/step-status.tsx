/** @module An onboarding step's status badge and attempt count, as the single-station and import pages show it. */
import { Badge, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

const STEP_TONE = { done: 'success', failed: 'critical', pending: undefined } as const;

export function StepStatus({ status, attempts }: { status: keyof typeof STEP_TONE; attempts: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge tone={STEP_TONE[status]}>{tKey(t, `onboarding.steps.status.${status}`)}</Badge>
      <Text as="span" tone="subdued">
        {t('onboarding.steps.attempts', { count: attempts })}
      </Text>
    </>
  );
}
