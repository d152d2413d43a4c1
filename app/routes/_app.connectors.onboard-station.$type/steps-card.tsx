/** @module The onboarding page's steps card: each onboarding step of the new station with its outcome, and its commissioning status. */
import { COMMISSIONING_STATUSES } from '@domain/onboarding/onboarding';
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepStatus } from '../../components/onboarding/step-status';
import { tKey } from '../../i18n/resources';
import type { OnboardingState } from './actions.server';
import type { action } from './route';

export function StepsCard({ initial, stationId }: { initial: OnboardingState; stationId: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data && 'state' in fetcher.data ? fetcher.data : null;
  const state = answer?.state ?? initial;
  const [status, setStatus] = useState<string>(state.commissioningStatus);
  const busy = fetcher.state !== 'idle';
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('onboarding.steps.title')}
        </Text>
        {answer?.message && (
          <Banner tone="critical">
            <p>{answer.message}</p>
          </Banner>
        )}
        {state.steps.map((s) => (
          <InlineStack key={s.step} align="space-between" blockAlign="center" gap="200">
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" fontWeight="semibold">
                  {tKey(t, `onboarding.steps.${s.step}`)}
                </Text>
                <StepStatus status={s.status} attempts={s.attempts} />
              </InlineStack>
              {s.message && (
                <Text as="p" tone="critical">
                  {s.message}
                </Text>
              )}
            </BlockStack>
            {s.step !== 'create' && s.status !== 'done' && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="uid" value={state.uid} />
                <input type="hidden" name="step" value={s.step} />
                <Button submit loading={busy && fetcher.formData?.get('step') === s.step}>
                  {t('onboarding.steps.retry')}
                </Button>
              </fetcher.Form>
            )}
          </InlineStack>
        ))}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="commissioning" />
          <input type="hidden" name="uid" value={state.uid} />
          <input type="hidden" name="stationId" value={stationId} />
          <InlineStack gap="200" blockAlign="end">
            <Select
              label={t('onboarding.commissioning.title')}
              name="status"
              value={status}
              onChange={setStatus}
              options={COMMISSIONING_STATUSES.map((c) => ({
                label: tKey(t, `onboarding.commissioning.statuses.${c}`),
                value: c,
              }))}
            />
            <Button submit loading={busy && fetcher.formData?.get('intent') === 'commissioning'}>
              {t('onboarding.commissioning.save')}
            </Button>
          </InlineStack>
        </fetcher.Form>
      </BlockStack>
    </Card>
  );
}
