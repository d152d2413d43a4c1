/**
 * @module The location page's site load card (ADR 059): the grid-connection limit, the limit in force,
 * and each charging session's share, the limit sent to its station and its measured draw, read again
 * every few seconds; who may edit stations sets the limit here.
 */
import { useFetcher } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  DataTable,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { loader } from '../../routes/_app.connectors.locations.$uid.load/route';
import { useOutcomeToast } from '../use-outcome-toast';

/** How often the shares and draws are read again (a meter interval is usually a minute). */
const POLL_MS = 5000;

type Load = Awaited<ReturnType<typeof loader>>;
type Saved = { ok: boolean; error: string | null; field: string | null };

const amps = (a: number | null) => (a === null ? '—' : a.toFixed(1));

export function SiteLoadCard({ uid, initial, canEdit }: { uid: string; initial: Load | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const url = `/connectors/locations/${encodeURIComponent(uid)}/load`;
  const poll = useFetcher<Load>();
  const save = useFetcher<Saved>();
  const load = poll.data ?? initial;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') poll.load(url);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [poll.load, url]);
  useEffect(() => {
    if (save.data?.ok) poll.load(url);
  }, [save.data, poll.load, url]);
  useOutcomeToast(save.data, save.data?.ok ? { text: t('siteLoad.saved') } : null);
  const [unit, setUnit] = useState<string>(load?.configured ? load.unit : 'A');
  const [limit, setLimit] = useState(load?.configured ? String(load.limit) : '');
  const [minimum, setMinimum] = useState(String(load?.minCurrentA ?? 6));
  const [enabled, setEnabled] = useState(load?.configured ? load.enabled : true);
  if (!load) return null;
  const sessions = load.sessions ?? [];
  const sent = sessions.reduce((sum, s) => sum + (s.limitA ?? 0), 0);
  const refused = save.data && !save.data.ok ? save.data : null;
  const fieldError = (field: string) => (refused?.field === field ? (refused.error ?? undefined) : undefined);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('siteLoad.title')}
          </Text>
          {load.configured ? (
            <Badge tone={load.enabled ? 'success' : undefined}>
              {load.enabled ? t('siteLoad.enabled') : t('siteLoad.disabled')}
            </Badge>
          ) : null}
        </InlineStack>
        {load.configured ? (
          <InlineStack gap="800" wrap>
            <Text as="p">
              {t('siteLoad.limit')}: {load.limit} {load.unit === 'kW' ? t('siteLoad.unitKW') : t('siteLoad.unitA')}
            </Text>
            <Text as="p">
              {t('siteLoad.limitNow')}: {amps(load.limitNowA)} A
            </Text>
            <Text as="p">{t('siteLoad.sumSent', { sum: sent.toFixed(1), limit: amps(load.limitNowA) })}</Text>
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued">
            {t('siteLoad.notManaged')}
          </Text>
        )}
        {load.configured ? (
          <Text as="p" tone="subdued">
            {load.schedule.length === 0
              ? t('siteLoad.noSchedule')
              : `${t('siteLoad.schedule')}: ${load.schedule
                  .map((p) => t('siteLoad.period', { from: p.from, limit: p.limit, unit: load.unit }))
                  .join(' · ')}`}
          </Text>
        ) : null}
        {load.configured && load.sessions === null ? <Banner tone="warning">{t('siteLoad.notReached')}</Banner> : null}
        {load.configured && sessions.length > 0 ? (
          <DataTable
            columnContentTypes={['text', 'text', 'numeric', 'numeric', 'numeric', 'numeric']}
            headings={[
              t('siteLoad.station'),
              t('siteLoad.connector'),
              t('siteLoad.priority'),
              t('siteLoad.share'),
              t('siteLoad.sent'),
              t('siteLoad.draw'),
            ]}
            rows={sessions.map((s) => [
              s.stationUid,
              s.connectorUid ?? String(s.connectorId),
              String(s.priority),
              amps(s.targetA),
              amps(s.limitA),
              amps(s.drawA),
            ])}
          />
        ) : load.configured ? (
          <Text as="p">{t('siteLoad.noSessions')}</Text>
        ) : null}
        {canEdit ? (
          <save.Form method="post" action={url} preventScrollReset>
            <FormLayout>
              <FormLayout.Group condensed>
                <TextField
                  label={t('siteLoad.limit')}
                  name="limit"
                  autoComplete="off"
                  inputMode="decimal"
                  value={limit}
                  onChange={setLimit}
                  error={fieldError('limit')}
                />
                <Select
                  label={t('siteLoad.unit')}
                  name="unit"
                  options={[
                    { label: t('siteLoad.unitA'), value: 'A' },
                    { label: t('siteLoad.unitKW'), value: 'kW' },
                  ]}
                  value={unit}
                  onChange={setUnit}
                />
                <TextField
                  label={t('siteLoad.minCurrent')}
                  name="min_current_a"
                  autoComplete="off"
                  inputMode="decimal"
                  value={minimum}
                  onChange={setMinimum}
                  error={fieldError('min_current_a')}
                />
              </FormLayout.Group>
              <input type="hidden" name="enabled" value={enabled ? 'on' : 'off'} />
              <Checkbox label={t('siteLoad.apply')} checked={enabled} onChange={setEnabled} />
              {refused && !['limit', 'min_current_a'].includes(refused.field ?? '') ? (
                <Banner tone="critical">{refused.error}</Banner>
              ) : null}
              <Button submit variant="primary" loading={save.state !== 'idle'}>
                {t('siteLoad.save')}
              </Button>
            </FormLayout>
          </save.Form>
        ) : null}
      </BlockStack>
    </Card>
  );
}
