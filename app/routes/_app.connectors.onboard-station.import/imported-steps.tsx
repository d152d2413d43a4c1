/**
 * @module The imported stations' next steps (create → peering → publish), as the single-station
 * onboarding shows them: each station's step outcomes and one action that runs peering and publish
 * over all of them (`POST /api/stations/onboarding/run`), with the API's messages per station.
 */

import { Banner, BlockStack, Button, Card, DataTable, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepStatus } from '../../components/onboarding/step-status';

interface StepState {
  step: string;
  status: 'pending' | 'done' | 'failed';
  message: string | null;
  attempts: number;
}
interface StationState {
  stationId: number;
  uid: string;
  name: string;
  steps: StepState[];
}

async function post(path: 'states' | 'run', stationIds: number[]) {
  const res = await fetch(`/api/stations/onboarding/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ station_ids: stationIds }),
  });
  if (!res.ok) throw new Error(String(res.status));
  return ((await res.json()) as { data: StationState[] }).data;
}

export function ImportedSteps({ stationIds }: { stationIds: number[] }) {
  const { t } = useTranslation();
  const [states, setStates] = useState<StationState[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const load = async (path: 'states' | 'run') => {
    setBusy(true);
    setError(false);
    try {
      setStates(await post(path, stationIds));
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  // Read once per import result (the ids' text, not the array, which is new on every render).
  const key = stationIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids' text
  useEffect(() => {
    void load('states');
  }, [key]);

  const cell = (s: StationState, step: string) => {
    const st = s.steps.find((x) => x.step === step);
    if (!st) return '—';
    return (
      <BlockStack gap="100">
        <InlineStack gap="100">
          <StepStatus status={st.status} attempts={st.attempts} />
        </InlineStack>
        {st.message ? (
          <Text as="p" tone="critical">
            {st.message}
          </Text>
        ) : null}
      </BlockStack>
    );
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('onboarding.steps.title')}
        </Text>
        {error ? (
          <Banner tone="critical">
            <p>{t('onboarding.import.stepsError')}</p>
          </Banner>
        ) : null}
        <InlineStack>
          <Button onClick={() => load('run')} loading={busy} disabled={busy}>
            {t('onboarding.import.runSteps')}
          </Button>
        </InlineStack>
        {states ? (
          <DataTable
            columnContentTypes={['text', 'text', 'text', 'text']}
            headings={[
              t('onboarding.import.colStation'),
              t('onboarding.steps.create'),
              t('onboarding.steps.peering'),
              t('onboarding.steps.publish'),
            ]}
            rows={states.map((s) => [
              `${s.name} (${s.uid})`,
              cell(s, 'create'),
              cell(s, 'peering'),
              cell(s, 'publish'),
            ])}
            verticalAlign="top"
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
