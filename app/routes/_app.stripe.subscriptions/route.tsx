/**
 * @module /stripe/subscriptions: the subscriptions of the operator's customers (all, or active only; by billed
 * company), paged with tab and filter in the URL, the create form (activation cannot be undone: confirmed first) and cancellation (at period end or now, confirmed).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, ButtonGroup, IndexTable, Modal, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingAdmin, type Refusal, refused } from '../../components/billing-catalogue/catalogue.server';
import { choiceFilters } from '../../components/lists/choice-filters';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { listUrl, oneOf, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { SubscriptionCreateCard, useAnchorLabel } from './create-card';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingInvoices.subsTitle');

const PAGE_SIZE = 25;
/** The tab (all, or `active=1`) and the billed company. */
const url = listUrl({ active: oneOf(['1'] as const), company: positiveId(), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  // No keyword: the subscriptions API has none.
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context);
  const query = {
    query: {
      page: String(state.page),
      items_per_page: String(PAGE_SIZE),
      ...(state.company ? { company_id: String(state.company) } : {}),
    },
  };
  const sub = api.client.api.stripe.customer.subscription;
  const stripe = api.client.api.stripe;
  const first100 = { query: { items_per_page: '100' } };
  const [list, customers, prices, coupons, taxRates] = await Promise.all([
    api.send(state.active ? sub.active.$get(query) : sub.$get(query)),
    api.send(stripe.customer.all.$get(first100)),
    api.send(stripe.prices.$get({ query: { items_per_page: '100', active: '1' } })),
    api.send(stripe.coupons.$get(first100)),
    api.send(stripe.account['tax-rate'].$get({ query: { items_per_page: '100', active: '1' } })),
  ]);
  const rows = must(list, me);
  // The choices of the create form (the first 100 of each); a list the caller may not read stays empty.
  const options = {
    customers: customers.ok
      ? customers.data.data
          .filter((c) => c.stripe_customer_id)
          .map((c) => ({ value: String(c.company_id), label: c.company_name ?? c.name }))
      : [],
    prices: prices.ok
      ? prices.data.data
          .filter((p) => p.interval !== 'one_time' && p.synced)
          .map((p) => ({
            id: p.id,
            product: p.product_name,
            amount: p.unit_amount,
            currency: p.currency,
            interval: p.interval,
          }))
      : [],
    coupons: coupons.ok ? coupons.data.data.map((c) => ({ value: String(c.id), label: c.name ?? `#${c.id}` })) : [],
    taxRates: taxRates.ok
      ? taxRates.data.data.map((r) => ({ value: String(r.id), label: `${r.description} (${r.percentage} %)` }))
      : [],
  };
  return { rows: rows.data, total: rows.total, state, options };
}

const positive = (v: FormDataEntryValue | null) => (/^[1-9]\d*$/.test(String(v ?? '')) ? Number(v) : undefined);

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const sub = api.client.api.stripe.customer.subscription;
  if (form.get('intent') === 'cancel') {
    const param = { subscriptionId: String(positive(form.get('id')) ?? 0) };
    const at_period_end = form.get('now') === '1' ? ('false' as const) : ('true' as const);
    const result = await api.send(sub[':subscriptionId'].$delete({ param, query: { at_period_end } }));
    if (!result.ok) return refused(me, result);
    return { done: 'canceled' as const };
  }
  const anchor = String(form.get('billing_cycle_anchor') ?? '');
  const trial = String(form.get('trial_end') ?? '');
  const name = String(form.get('name') ?? '').trim();
  const result = await api.send(
    sub.$post({
      json: {
        company_id: positive(form.get('company_id')) ?? 0,
        price_id: positive(form.get('price_id')) ?? 0,
        quantity: positive(form.get('quantity')) ?? 1,
        coupon_id: positive(form.get('coupon_id')),
        tax_rate_id: positive(form.get('tax_rate_id')),
        ...(name ? { name } : {}),
        ...(trial ? { trial_end: new Date(`${trial}T00:00:00Z`).toISOString() } : {}),
        ...(anchor === 'eom' ? { billing_cycle_anchor: 'eom' as const } : {}),
        ...(positive(anchor) ? { billing_cycle_anchor: positive(anchor) } : {}),
        // The screen asked "Activating a subscription cannot be undone" before sending this.
        confirm: true as const,
      },
    }),
  );
  if (!result.ok) return refused(me, result);
  return { done: 'created' as const };
}

type Answer = Refusal | { done: 'created' | 'canceled' };

export default function Subscriptions() {
  const { t } = useTranslation();
  const { rows, total, state, options } = useLoaderData<typeof loader>();
  const list = useListUrl(state, url.write);
  const answer = useActionData<Answer>();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const refusal = answer && 'error' in answer ? answer : null;
  useOutcomeToast(
    answer,
    answer && 'done' in answer
      ? { text: t(answer.done === 'created' ? 'billingInvoices.createdToast' : 'billingInvoices.canceledToast') }
      : null,
  );
  const [canceling, setCanceling] = useState<number | null>(null);
  const anchorLabel = useAnchorLabel();
  const { filters, applied } = choiceFilters([
    {
      key: 'company',
      label: t('billingInvoices.colCompany'),
      choices: options.customers,
      value: state.company ? String(state.company) : null,
      onChange: (v) => list.update({ company: v ? Number(v) : null }),
    },
  ]);
  return (
    <Page title={t('billingInvoices.subsTitle')} subtitle={t('billingInvoices.subsIntro')}>
      <BlockStack gap="400">
        {refusal?.error ? <Banner tone="critical">{refusal.error}</Banner> : null}
        <SubscriptionCreateCard options={options} refusal={refusal} busy={busy} />
        <ListPage
          list={list}
          filters={filters}
          appliedFilters={applied}
          cleared={{ company: null }}
          tabs={{
            items: [
              { id: 'all', content: t('billingInvoices.all') },
              { id: 'active', content: t('billingInvoices.onlyActive') },
            ],
            selected: state.active ? 1 : 0,
            onSelect: (i) => list.update({ active: i === 1 ? '1' : null }),
          }}
          resourceName={t('billingInvoices.subsTitle')}
          empty={{ heading: t('billingInvoices.subsEmpty'), body: t('billingInvoices.subsEmptyHelp') }}
          headings={[
            { title: t('billingInvoices.name') },
            { title: t('billingInvoices.colCompany') },
            { title: t('billingInvoices.colStatus') },
            { title: t('billingInvoices.colPrice'), alignment: 'end' },
            { title: t('billingInvoices.expireAt') },
            { title: t('billingInvoices.anchor') },
            { title: '' },
          ]}
          rowCount={rows.length}
          pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingInvoices.subsCount', { count: total }) }}
        >
          {rows.map((s, index) => (
            <IndexTable.Row id={String(s.id)} key={s.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {s.name}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{s.company_name}</IndexTable.Cell>
              <IndexTable.Cell>
                <ButtonGroup>
                  <Badge tone={s.status === 'active' ? 'success' : undefined}>
                    {tKey(t, `billingInvoices.sstatus.${s.status}`)}
                  </Badge>
                  {s.free ? <Badge tone="info">{t('billingInvoices.free')}</Badge> : null}
                  {s.cancel_at_period_end ? <Badge>{t('billingInvoices.cancelAtEnd')}</Badge> : null}
                </ButtonGroup>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {`${s.quantity} × ${formatMoney(s.unit_amount, s.currency)}`}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{s.expire_at ? formatDate(s.expire_at) : t('billingInvoices.none')}</IndexTable.Cell>
              <IndexTable.Cell>
                {anchorLabel(s.billing_cycle_anchor === null ? '' : String(s.billing_cycle_anchor))}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {s.status === 'canceled' ? null : (
                  <Button variant="plain" tone="critical" onClick={() => setCanceling(s.id)}>
                    {t('billingInvoices.cancelSub')}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListPage>
      </BlockStack>
      <Modal
        open={canceling !== null}
        onClose={() => setCanceling(null)}
        title={t('billingInvoices.cancelTitle')}
        primaryAction={{
          content: t('billingInvoices.cancelSub'),
          destructive: true,
          loading: busy,
          onAction: () => {
            submit({ intent: 'cancel', id: String(canceling) }, { method: 'post' });
            setCanceling(null);
          },
        }}
        secondaryActions={[
          {
            content: t('billingInvoices.cancelNow'),
            destructive: true,
            onAction: () => {
              submit({ intent: 'cancel', id: String(canceling), now: '1' }, { method: 'post' });
              setCanceling(null);
            },
          },
          { content: t('billingInvoices.cancel'), onAction: () => setCanceling(null) },
        ]}
      >
        <Modal.Section>
          <Text as="p">{t('billingInvoices.cancelText')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
