/**
 * @module /cpo-invoices/list: the operator invoice board (issue 17 part 8), one row per operator and month,
 * filtered by keyword, month, operator and status and paginated in the URL; the three admin checks are
 * ticked inline (PUT /api/cpo-invoices/{id}), a row opens its edit page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import {
  Badge,
  Checkbox,
  ChoiceList,
  type IndexFiltersProps,
  IndexTable,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CPO_INVOICE_CHECKS,
  CPO_INVOICE_STATUSES,
  type CpoInvoiceCheck,
  type CpoInvoiceStatus,
  checkLabel,
  STATUS_TONE,
  statusLabel,
} from '../../components/cpo-invoices/labels';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatKwh, formatMoney } from '../../lib/format';
import { keyword, type ListField, listUrl, oneOf, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'cpoInvoices.title');

const PAGE_SIZE = 25;

/** "YYYY-MM", else no filter. */
const month = (): ListField<string | null> => ({
  read: (p, key) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(p.get(key) ?? '') ? p.get(key) : null),
  write: (value, key, p) => {
    if (value) p.set(key, value);
  },
});

const url = listUrl({
  q: keyword({ trim: true }),
  month: month(),
  operator: positiveId(),
  status: oneOf(CPO_INVOICE_STATUSES),
  page: pageNumber(100_000),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const [page, operators] = await Promise.all([
    api.send(
      api.client.api['cpo-invoices'].$get({
        query: {
          ...(state.q ? { keyword: state.q } : {}),
          ...(state.month ? { month: state.month } : {}),
          ...(state.operator ? { operator_id: String(state.operator) } : {}),
          ...(state.status ? { status: state.status } : {}),
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
        },
      }),
    ),
    api.send(api.client.api['cpo-invoices'].operators.$get()),
  ]);
  return {
    rows: must(page, me).data,
    total: must(page, me).total,
    operators: must(operators, me).data,
    state,
  };
}

type Row = { id: number; name: string; status: CpoInvoiceStatus; checks: Record<CpoInvoiceCheck, boolean> };

/** Ticks or unticks one check of one row. */
export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const check = CPO_INVOICE_CHECKS.find((c) => c === form.get('check'));
  if (!/^\d+$/.test(id) || !check) return data({ ok: false as const, error: '' }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api['cpo-invoices'][':id'].$put({
      param: { id },
      json: { checks: { [check]: form.get('value') === 'true' } },
    }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ ok: false as const, error: result.error['error-msg'] }, { status: result.status });
  }
  return { ok: true as const, error: '' };
}

/** One check of one row, saved as soon as it is ticked; a paid row's checks are final. */
function CheckCell({ row, check }: { row: Row; check: CpoInvoiceCheck }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  // Ticked at once; back to what the server holds when the save is over (refused: as it was).
  const [local, setLocal] = useState<boolean | null>(null);
  useEffect(() => {
    if (fetcher.state === 'idle') setLocal(null);
  }, [fetcher.state]);
  useOutcomeToast(
    fetcher.data,
    fetcher.data
      ? { text: fetcher.data.ok ? t('cpoInvoices.checkSaved') : fetcher.data.error, error: !fetcher.data.ok }
      : null,
  );
  return (
    // The row opens the edit page on click; a click on the check stays here.
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops the row's click
    <div onClick={(e) => e.stopPropagation()}>
      <Checkbox
        label={`${checkLabel(t, check)} · ${row.name}`}
        labelHidden
        checked={local ?? row.checks[check]}
        disabled={row.status === 'paid' || fetcher.state !== 'idle'}
        onChange={(value) => {
          setLocal(value);
          fetcher.submit({ id: String(row.id), check, value: String(value) }, { method: 'post' });
        }}
      />
    </div>
  );
}

export default function CpoInvoiceList() {
  const { t, i18n } = useTranslation();
  const { rows, total, operators, state } = useLoaderData<typeof loader>();
  const list = useListUrl(state, url.write);
  const { update } = list;
  const operatorName = (id: number) => operators.find((o) => o.id === id)?.name ?? String(id);

  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'month',
      label: t('cpoInvoices.filterMonth'),
      shortcut: true,
      filter: (
        <TextField
          label={t('cpoInvoices.filterMonth')}
          labelHidden
          type="month"
          autoComplete="off"
          value={state.month ?? ''}
          helpText={t('cpoInvoices.monthHelp')}
          onChange={(v) => update({ month: /^\d{4}-\d{2}$/.test(v) ? v : null })}
        />
      ),
    },
    {
      key: 'operator',
      label: t('cpoInvoices.filterOperator'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('cpoInvoices.filterOperator')}
          titleHidden
          choices={operators.map((o) => ({ label: o.name, value: String(o.id) }))}
          selected={state.operator ? [String(state.operator)] : []}
          onChange={([v]) => update({ operator: v ? Number(v) : null })}
        />
      ),
    },
    {
      key: 'status',
      label: t('cpoInvoices.filterStatus'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('cpoInvoices.filterStatus')}
          titleHidden
          choices={CPO_INVOICE_STATUSES.map((s) => ({ label: statusLabel(t, s), value: s }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => update({ status: CPO_INVOICE_STATUSES.find((s) => s === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.month ? [{ key: 'month', label: state.month, onRemove: () => update({ month: null }) }] : []),
    ...(state.operator
      ? [{ key: 'operator', label: operatorName(state.operator), onRemove: () => update({ operator: null }) }]
      : []),
    ...(state.status
      ? [{ key: 'status', label: statusLabel(t, state.status), onRemove: () => update({ status: null }) }]
      : []),
  ];

  return (
    <Page
      title={t('cpoInvoices.title')}
      fullWidth
      primaryAction={{ content: t('cpoInvoices.create'), url: '/cpo-invoices/create' }}
    >
      <ListPage
        list={list}
        searchPlaceholder={t('cpoInvoices.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ month: null, operator: null, status: null }}
        allLabel={t('cpoInvoices.all')}
        openWhenSearched
        resourceName={t('cpoInvoices.title')}
        empty={{ heading: t('cpoInvoices.emptyTitle'), body: t('cpoInvoices.emptyBody') }}
        headings={[
          { title: t('cpoInvoices.colName') },
          { title: t('cpoInvoices.colOperator') },
          { title: t('cpoInvoices.colMonth') },
          { title: t('cpoInvoices.colSessions'), alignment: 'end' },
          { title: t('cpoInvoices.colKwh'), alignment: 'end' },
          { title: t('cpoInvoices.colEnergy'), alignment: 'end' },
          { title: t('cpoInvoices.colOperatorTotal'), alignment: 'end' },
          { title: t('cpoInvoices.colOwnerTotal'), alignment: 'end' },
          { title: t('cpoInvoices.colDate') },
          { title: t('cpoInvoices.colStatus') },
          ...CPO_INVOICE_CHECKS.map((c) => ({ title: checkLabel(t, c) })),
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('cpoInvoices.count', { count: total }) }}
      >
        {rows.map((row, index) => (
          <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
            <IndexTable.Cell>
              <Link to={`/cpo-invoices/edit/${row.id}`}>
                <Text as="span" fontWeight="semibold">
                  {row.name}
                </Text>
              </Link>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.operator.name}</IndexTable.Cell>
            <IndexTable.Cell>{row.month}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {row.sessions}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatKwh(row.energy_wh, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(row.energy_amount, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(row.sub_operator_total, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(row.owner_total, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {formatDate(`${row.invoice_date}T12:00:00Z`, { timeZone: 'UTC', language: i18n.language })}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={STATUS_TONE[row.status]}>{statusLabel(t, row.status)}</Badge>
            </IndexTable.Cell>
            {CPO_INVOICE_CHECKS.map((check) => (
              <IndexTable.Cell key={check}>
                <CheckCell row={row} check={check} />
              </IndexTable.Cell>
            ))}
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
