/** @module /tariffs/type/{type}: tariffs per type (CPO, EMSP, owner, revenue) and the pending queue, with approve and delete. */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import { Badge, Button, Card, EmptyState, IndexTable, Page, Tabs, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { TariffConfirm, type TariffIntent } from '../../components/tariffs/tariff-confirm';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatDate } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash, flashText } from '../../lib/toast';

const TABS = ['cpo', 'emsp', 'owner', 'revenue', 'pending'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;

interface Row {
  id: number;
  type: string;
  status: 'pending' | 'approved';
  name: string;
  label: string | null;
  currency: string;
  countries: string[];
  payment_type: string | null;
  version: number;
  apply_from: string | null;
  valid_from: string | null;
  valid_to: string | null;
  created_at: string;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'tariffs.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'tariffs:view');
  const type = params.type as Tab;
  if (!TABS.includes(type)) throw data({ status: 404 }, { status: 404 });
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page') ?? 0) || 0);
  const api = createApi(request, context);
  const result = await api.send(
    api.client.api.tariff.list[':type'].$get({
      param: { type },
      query: { page: String(page), items_per_page: String(PAGE_SIZE) },
    }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ status: result.status }, { status: Math.max(result.status, 500) });
  }
  return {
    type,
    page,
    rows: result.data.data,
    total: result.data.total,
    timeZone: me.company.timeZone,
    canManage: me.permissions.includes('tariffs:manage'),
    canApprove: me.permissions.includes('tariffs:approve'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const tariffId = String(Number(form.get('id')));
  const me = await requirePermission(request, context, intent === 'approve' ? 'tariffs:approve' : 'tariffs:manage');
  const api = createApi(request, context);
  const call =
    intent === 'approve'
      ? api.client.api.tariff.id[':tariffId'].approve.$post({ param: { tariffId } })
      : api.client.api.tariff.id[':tariffId'].$delete({ param: { tariffId } });
  const result = await api.send(call);
  if (result.ok) {
    return {
      toast: flash(intent === 'approve' ? 'tariffs.toast.approved' : 'tariffs.toast.deleted', {
        name: result.data.data.name,
      }),
    };
  }
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return { toast: flashText(result.error['error-msg'] || 'Error') };
}

export default function TariffList() {
  const { t } = useTranslation();
  const { type, page, rows, total, timeZone, canManage, canApprove } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const { flash: show } = useFeedback();
  const [confirm, setConfirm] = useState<{ intent: TariffIntent; row: Row } | null>(null);

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && 'toast' in fetcher.data) {
      show(fetcher.data.toast);
      setConfirm(null);
    }
  }, [fetcher.state, fetcher.data, show]);

  const createType = type === 'pending' ? 'cpo' : type;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const date = (iso: string | null) => (iso ? formatDate(iso, { timeZone }) : '—');
  const typeLabel = (ty: string) => tKey(t, `tariffs.type.${ty === 'emp' ? 'emsp' : ty}`);

  const tabs = TABS.map((id) => ({ id, content: tKey(t, `tariffs.tab.${id}`), url: `/tariffs/type/${id}` }));
  const empty = (
    <EmptyState
      heading={tKey(t, type === 'pending' ? 'tariffs.empty.pendingTitle' : 'tariffs.empty.title')}
      action={canManage ? { content: t('tariffs.create'), url: `/tariffs/create/${createType}` } : undefined}
      image=""
    >
      <p>{tKey(t, type === 'pending' ? 'tariffs.empty.pendingText' : 'tariffs.empty.text')}</p>
    </EmptyState>
  );

  return (
    <Page
      title={t('tariffs.title')}
      primaryAction={canManage ? { content: t('tariffs.create'), url: `/tariffs/create/${createType}` } : undefined}
    >
      <Card padding="0">
        <Tabs tabs={tabs} selected={TABS.indexOf(type)} onSelect={(i) => navigate(`/tariffs/type/${TABS[i]}`)} />
        <IndexTable
          resourceName={{ singular: t('tariffs.one'), plural: t('tariffs.many') }}
          itemCount={rows.length}
          selectable={false}
          emptyState={empty}
          headings={[
            { title: t('tariffs.col.name') },
            { title: t('tariffs.col.type') },
            { title: t('tariffs.col.status') },
            { title: t('tariffs.col.applyFrom') },
            { title: t('tariffs.col.validity') },
            { title: t('tariffs.col.countries') },
            { title: t('tariffs.col.payment') },
            { title: t('tariffs.col.actions') },
          ]}
          pagination={{
            hasPrevious: page > 0,
            hasNext: page + 1 < pages,
            onPrevious: () => setParams(page - 1 > 0 ? { page: String(page - 1) } : {}),
            onNext: () => setParams({ page: String(page + 1) }),
            label: t('tariffs.pageOf', { page: page + 1, pages, total }),
          }}
        >
          {rows.map((row, index) => (
            <IndexTable.Row
              id={String(row.id)}
              key={row.id}
              position={index}
              onClick={() => navigate(`/tariffs/edit/${row.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.name}
                </Text>
                {row.version > 1 ? ` · v${row.version}` : ''}
              </IndexTable.Cell>
              <IndexTable.Cell>{typeLabel(row.type)}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={row.status === 'approved' ? 'success' : 'attention'}>
                  {tKey(t, `tariffs.status.${row.status}`)}
                </Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>{date(row.apply_from)}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.valid_from || row.valid_to
                  ? `${date(row.valid_from)} – ${date(row.valid_to)}`
                  : t('tariffs.always')}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {row.countries.length > 0 ? row.countries.join(', ') : t('tariffs.allCountries')}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {row.payment_type ? tKey(t, `tariffs.payment.${row.payment_type}`) : t('tariffs.form.anyPayment')}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {row.status === 'pending' ? (
                  // biome-ignore lint/a11y/noStaticElementInteractions: stops the row click; the buttons inside are the controls
                  // biome-ignore lint/a11y/useKeyWithClickEvents: idem
                  <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 8 }}>
                    {canApprove ? (
                      <Button size="slim" onClick={() => setConfirm({ intent: 'approve', row })}>
                        {t('tariffs.approve')}
                      </Button>
                    ) : null}
                    {canManage ? (
                      <Button size="slim" tone="critical" onClick={() => setConfirm({ intent: 'delete', row })}>
                        {t('tariffs.delete')}
                      </Button>
                    ) : null}
                  </span>
                ) : null}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
      <TariffConfirm
        intent={confirm?.intent ?? null}
        name={confirm?.row.name ?? ''}
        loading={fetcher.state !== 'idle'}
        onConfirm={(intent) => {
          if (confirm) fetcher.submit({ intent, id: String(confirm.row.id) }, { method: 'post' });
        }}
        onClose={() => setConfirm(null)}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
