/**
 * @module /stripe/webhooks (issue 17 §9): the Stripe events received for the caller's connected
 * accounts (the platform's too for super users), newest first, by event or object id, type and outcome,
 * paginated in the URL; a row opens the event with its payload (`?event=` keeps it linkable).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  ChoiceList,
  type IndexFiltersProps,
  IndexTable,
  InlineStack,
  Modal,
  Page,
  Text,
} from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDateTime } from '../../lib/format';
import { keyword, type ListField, type ListStateOf, listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingWebhooks.title');

const PAGE_SIZE = 25;
const OUTCOMES = ['pending', 'applied', 'stale', 'ignored', 'failed'] as const;
type Outcome = (typeof OUTCOMES)[number];
const OUTCOME_TONE = {
  pending: 'info',
  applied: 'success',
  stale: undefined,
  ignored: undefined,
  failed: 'critical',
} as const satisfies Record<Outcome, 'info' | 'success' | 'critical' | undefined>;

/** A Stripe id or event type as the API accepts it; anything else reads as absent. */
function matching(pattern: RegExp): ListField<string | null> {
  return {
    read: (p, key) => {
      const value = p.get(key);
      return value && pattern.test(value) ? value : null;
    },
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

const url = listUrl({
  q: keyword({ trim: true, max: 255 }),
  type: matching(/^[a-z0-9_.]{1,100}$/),
  outcome: oneOf(OUTCOMES),
  page: pageNumber(100_000),
  event: matching(/^[A-Za-z0-9_-]{1,255}$/),
});
type State = ListStateOf<typeof url.fields>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:admin');
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const query = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.outcome ? { outcome: state.outcome } : {}),
    page: String(state.page),
    items_per_page: String(PAGE_SIZE),
  };
  const [page, detail] = await Promise.all([
    api.send(api.client.api.stripe.webhooks.events.$get({ query })),
    state.event
      ? api.send(api.client.api.stripe.webhooks.events[':eventId'].$get({ param: { eventId: state.event } }))
      : null,
  ]);
  const events = must(page, me);
  // An event that is not (or no longer) visible just leaves the drawer closed.
  return { events, detail: detail?.ok ? detail.data : null, state, timeZone: me.company.timeZone };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="400" align="space-between" blockAlign="start" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export default function StripeWebhooks() {
  const { t, i18n } = useTranslation();
  const { events, detail, state, timeZone } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const list = useListUrl<State>(state, url.write);
  const { update } = list;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language, timeZone }) : '—');
  const outcomeLabel = (o: string) => tKey(t, `billingWebhooks.outcome.${o}`);
  // Opening or closing the drawer keeps the page and filters (a filter change goes back to the first page).
  const showEvent = (event: string | null) =>
    setParams(url.write({ ...state, event }), { preventScrollReset: true, replace: true });

  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'type',
      label: t('billingWebhooks.filterType'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('billingWebhooks.filterType')}
          titleHidden
          choices={events.types.map((type) => ({ label: type, value: type }))}
          selected={state.type ? [state.type] : []}
          onChange={([v]) => update({ type: v ?? null, event: null })}
        />
      ),
    },
    {
      key: 'outcome',
      label: t('billingWebhooks.filterOutcome'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('billingWebhooks.filterOutcome')}
          titleHidden
          choices={OUTCOMES.map((o) => ({ label: outcomeLabel(o), value: o }))}
          selected={state.outcome ? [state.outcome] : []}
          onChange={([v]) => update({ outcome: OUTCOMES.find((o) => o === v) ?? null, event: null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.type ? [{ key: 'type', label: state.type, onRemove: () => update({ type: null }) }] : []),
    ...(state.outcome
      ? [{ key: 'outcome', label: outcomeLabel(state.outcome), onRemove: () => update({ outcome: null }) }]
      : []),
  ];

  return (
    <Page title={t('billingWebhooks.title')} subtitle={t('billingWebhooks.intro')} fullWidth>
      <ListPage
        list={list}
        searchPlaceholder={t('billingWebhooks.search')}
        openWhenSearched
        filters={filters}
        appliedFilters={applied}
        cleared={{ type: null, outcome: null, event: null }}
        allLabel={t('billingWebhooks.all')}
        resourceName={t('billingWebhooks.title')}
        empty={{ heading: t('billingWebhooks.emptyTitle'), body: t('billingWebhooks.emptyBody') }}
        headings={[
          { title: t('billingWebhooks.col.received') },
          { title: t('billingWebhooks.col.type') },
          { title: t('billingWebhooks.col.object') },
          { title: t('billingWebhooks.col.outcome') },
          { title: t('billingWebhooks.col.deliveries'), alignment: 'end' },
          { title: t('billingWebhooks.col.error') },
        ]}
        rowCount={events.data.length}
        pagination={{
          total: events.total,
          pageSize: PAGE_SIZE,
          countLabel: t('billingWebhooks.count', { count: events.total }),
        }}
      >
        {events.data.map((row, index) => (
          <IndexTable.Row id={row.id} key={row.id} position={index} onClick={() => showEvent(row.id)}>
            <IndexTable.Cell>{time(row.received_at)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {row.type}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.object_id ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={OUTCOME_TONE[row.outcome]}>{outcomeLabel(row.outcome)}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {row.deliveries}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={row.error ? 'critical' : 'subdued'} truncate>
                {row.error ?? row.reason ?? ''}
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      <Modal
        open={detail !== null}
        onClose={() => showEvent(null)}
        title={detail ? t('billingWebhooks.detail.title', { id: detail.id }) : ''}
        secondaryActions={[{ content: t('billingWebhooks.detail.close'), onAction: () => showEvent(null) }]}
        size="large"
      >
        {detail && (
          <Modal.Section>
            <BlockStack gap="300">
              <Row label={t('billingWebhooks.col.type')}>{detail.type}</Row>
              <Row label={t('billingWebhooks.col.object')}>{detail.object_id ?? '—'}</Row>
              <Row label={t('billingWebhooks.detail.account')}>
                {detail.account ?? t('billingWebhooks.detail.platform')}
              </Row>
              <Row label={t('billingWebhooks.detail.created')}>{time(detail.created)}</Row>
              <Row label={t('billingWebhooks.detail.received')}>{time(detail.received_at)}</Row>
              <Row label={t('billingWebhooks.detail.applied')}>{time(detail.applied_at)}</Row>
              <Row label={t('billingWebhooks.col.outcome')}>
                <Badge tone={OUTCOME_TONE[detail.outcome]}>{outcomeLabel(detail.outcome)}</Badge>
              </Row>
              <Row label={t('billingWebhooks.col.deliveries')}>{detail.deliveries}</Row>
              {detail.error || detail.reason ? (
                <Text as="p" tone={detail.error ? 'critical' : 'subdued'} breakWord>
                  {detail.error ?? detail.reason}
                </Text>
              ) : null}
              <Text as="h3" variant="headingSm">
                {t('billingWebhooks.detail.payload')}
              </Text>
              <Box background="bg-surface-secondary" padding="300" borderRadius="200" overflowX="scroll">
                <pre data-testid="webhook-payload" style={{ margin: 0, fontSize: 12 }}>
                  {JSON.stringify(detail.payload, null, 2)}
                </pre>
              </Box>
            </BlockStack>
          </Modal.Section>
        )}
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
