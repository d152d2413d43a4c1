/**
 * @module /fleet/check-key-hangers: the validity check of a card (spec: "RFID … validity check"): does
 * it exist in the company tree, to whom is it assigned, is it blocked or expired, and — at a station
 * chosen with a search — what the charge point's Authorize would answer now and why (the product's
 * own authorization decision, through GET /api/keyfob/check). The query is in the URL.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardTime, type DisplayStatus, STATUS_TONE } from '../../components/key-hangers/keyfob';
import { type PickerOption, SearchPicker } from '../../components/key-hangers/search-picker';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.check.title');

interface StationRow {
  id: number;
  uid: string;
  name: string;
  city: string | null;
  type: string;
}

const stationOption = (s: StationRow): PickerOption => ({
  value: String(s.id),
  label: `${s.name} · ${s.uid}${s.city ? ` · ${s.city}` : ''}`,
});

const DECISION_TONE = {
  Accepted: 'success',
  Blocked: 'critical',
  Expired: 'warning',
  Invalid: 'critical',
  ConcurrentTx: 'attention',
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  const url = new URL(request.url);
  const uuid = url.searchParams.get('uuid')?.trim().slice(0, 40) ?? '';
  const stationId = Number(url.searchParams.get('station_id') ?? '');
  const station = Number.isSafeInteger(stationId) && stationId > 0 ? String(stationId) : null;
  if (!uuid) return { uuid, answer: null, error: null, timeZone: me.company.timeZone };
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.keyfob.check.$get({ query: { uuid, ...(station ? { station_id: station } : {}) } }),
  );
  if (!result.ok && result.status === 403) forbidden(me, result.error['error-msg']);
  return {
    uuid,
    answer: result.ok ? result.data : null,
    error: result.ok ? null : { message: result.error['error-msg'], field: result.error.field ?? null },
    timeZone: me.company.timeZone,
  };
}

export default function CheckKeyHanger() {
  const { t, i18n } = useTranslation();
  const { uuid: checked, answer, error, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [uuid, setUuid] = useState(checked);
  const station = answer?.decision?.station ?? null;
  const cardStatus: DisplayStatus | null = answer?.status
    ? answer.status === 'active' && answer.expired
      ? 'expired'
      : answer.status
    : null;

  return (
    <Page
      title={t('keyHangers.check.title')}
      backAction={{ content: t('keyHangers.detail.back'), url: '/fleet/key-hangers' }}
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <BlockStack gap="300">
              <FormLayout>
                <TextField
                  label={t('keyHangers.check.uuid')}
                  name="uuid"
                  value={uuid}
                  onChange={setUuid}
                  maxLength={20}
                  autoComplete="off"
                  error={error && error.field === 'uuid' ? error.message : undefined}
                />
                <SearchPicker<StationRow>
                  endpoint="/api/keyfob/stations"
                  toOption={stationOption}
                  label={t('keyHangers.check.station')}
                  placeholder={t('keyHangers.check.stationPlaceholder')}
                  emptyText={t('keyHangers.check.noStations')}
                  helpText={t('keyHangers.check.stationHelp')}
                  name="station_id"
                  initial={station ? stationOption(station) : null}
                  error={error && error.field === 'station_id' ? error.message : undefined}
                />
              </FormLayout>
              <InlineStack>
                <Button submit variant="primary" disabled={!uuid.trim()} loading={navigation.state === 'loading'}>
                  {t('keyHangers.check.submit')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Card>

        {error && !error.field ? <Banner tone="critical">{error.message || t('common.generic')}</Banner> : null}

        {answer ? (
          <Card>
            <BlockStack gap="300">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h2" variant="headingMd">
                  {t('keyHangers.check.resultTitle', { uuid: answer.uuid })}
                </Text>
                {cardStatus ? (
                  <Badge tone={STATUS_TONE[cardStatus]}>{tKey(t, `keyHangers.status.${cardStatus}`)}</Badge>
                ) : null}
              </InlineStack>
              {!answer.exists ? (
                <Banner tone="critical">{t('keyHangers.check.unknown')}</Banner>
              ) : (
                <InlineGrid columns={{ xs: 1, md: 3 }} gap="200">
                  <Fact label={t('keyHangers.check.assignedTo')}>
                    {answer.user ? `${displayName(answer.user)} · ${answer.user.email}` : t('keyHangers.notAssigned')}
                  </Fact>
                  <Fact label={t('keyHangers.check.cardStatus')}>
                    {answer.valid ? t('keyHangers.check.valid') : answer.reason}
                  </Fact>
                  <Fact label={t('keyHangers.check.expires')}>
                    {answer.expires_at ? cardTime(answer.expires_at, i18n.language, timeZone) : t('keyHangers.never')}
                  </Fact>
                </InlineGrid>
              )}
              {answer.decision ? (
                <Box padding="300" background="bg-surface-secondary" borderRadius="200">
                  <BlockStack gap="150">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h3" variant="headingSm">
                        {t('keyHangers.check.atStation', { station: answer.decision.station.name })}
                      </Text>
                      <Badge tone={DECISION_TONE[answer.decision.status]}>
                        {tKey(t, `keyHangers.check.decision.${answer.decision.status}`)}
                      </Badge>
                    </InlineStack>
                    <Text as="p">
                      <Text as="span" tone="subdued">
                        {t('keyHangers.check.why')}:{' '}
                      </Text>
                      {answer.decision.reason}
                    </Text>
                  </BlockStack>
                </Box>
              ) : null}
              {answer.id ? (
                <InlineStack>
                  <Link to={`/fleet/key-hangers/${answer.id}`}>{t('keyHangers.check.open')}</Link>
                </InlineStack>
              ) : null}
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span">{children}</Text>
    </BlockStack>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
