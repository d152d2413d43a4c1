/**
 * @module /my-sessions (issue 21 part 7, spec 7.10 POST my-sessions): a private user's own sessions, newest
 * first, filtered by month, station and status in the URL, with the driver's price; "Export PDF" downloads
 * the same filtered list (/my-sessions/pdf). Role 55 (personal:self-charge).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, Button, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import {
  MY_SESSION_STATUSES,
  MY_SESSIONS_PAGE_SIZE,
  mySessionsBody,
  mySessionsUrl,
} from '../../components/my-pages/session-filters';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDateTime, formatKwh, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.sessions.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const params = new URL(request.url).searchParams;
  const state = { ...mySessionsUrl.read(params), q: '' };
  const api = createApi(request, context, { language: me.user.language });
  const [page, stations] = await Promise.all([
    api.send(api.client.api['my-sessions'].$post({ json: mySessionsBody(state) })),
    api.send(api.client.api['my-stations'].$get()),
  ]);
  const body = must(page, me);
  // A JSON page: the file answer is only for format pdf (the download route).
  if (!('data' in body)) throw new Response(null, { status: 500 });
  const { data, total } = body;
  // The station filter offers the caller's own stations and the ones of this page.
  const choices = new Map<number, string>();
  for (const s of must(stations, me).data) if (s.station_id) choices.set(s.station_id, s.name);
  for (const s of data)
    if (s.station_id !== null && !choices.has(s.station_id))
      choices.set(s.station_id, s.station_name ?? `#${s.station_id}`);
  return {
    rows: data,
    total,
    state,
    stations: [...choices].map(([id, name]) => ({ id, name })),
    pdf: params.toString(),
  };
}

export default function MySessions() {
  const { t, i18n } = useTranslation();
  const { rows, total, state, stations, pdf } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, mySessionsUrl.write);
  const { update } = list;
  const statusLabel = (s: string) => tKey(t, `myPages.sessions.statuses.${s}`);
  const stationName = (id: number) => stations.find((s) => s.id === id)?.name ?? `#${id}`;

  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'month',
      label: t('myPages.overview.month'),
      shortcut: true,
      filter: (
        <TextField
          label={t('myPages.overview.month')}
          labelHidden
          type="month"
          autoComplete="off"
          value={state.month ?? ''}
          onChange={(v) => update({ month: /^\d{4}-\d{2}$/.test(v) ? v : null })}
        />
      ),
    },
    {
      key: 'station',
      label: t('myPages.sessions.station'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('myPages.sessions.station')}
          titleHidden
          choices={stations.map((s) => ({ label: s.name, value: String(s.id) }))}
          selected={state.station ? [String(state.station)] : []}
          onChange={([v]) => update({ station: v ? Number(v) : null })}
        />
      ),
    },
    {
      key: 'status',
      label: t('myPages.sessions.status'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('myPages.sessions.status')}
          titleHidden
          choices={MY_SESSION_STATUSES.map((s) => ({ label: statusLabel(s), value: s }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => update({ status: MY_SESSION_STATUSES.find((s) => s === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.month ? [{ key: 'month', label: state.month, onRemove: () => update({ month: null }) }] : []),
    ...(state.station
      ? [{ key: 'station', label: stationName(state.station), onRemove: () => update({ station: null }) }]
      : []),
    ...(state.status
      ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => update({ status: null }) }]
      : []),
  ];
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language }) : '—');

  return (
    <Page
      title={t('myPages.sessions.title')}
      subtitle={t('myPages.sessions.subtitle')}
      primaryAction={
        <Button url={`/my-sessions/pdf${pdf ? `?${pdf}` : ''}`} download disabled={total === 0}>
          {t('myPages.sessions.exportPdf')}
        </Button>
      }
    >
      <ListPage
        list={list}
        filters={filters}
        appliedFilters={applied}
        cleared={{ month: null, station: null, status: null }}
        allLabel={t('myPages.sessions.title')}
        resourceName={t('myPages.sessions.title')}
        empty={{ heading: t('myPages.sessions.empty'), body: t('myPages.sessions.emptyHelp') }}
        headings={[
          { title: t('myPages.sessions.start') },
          { title: t('myPages.sessions.station') },
          { title: t('myPages.sessions.energy'), alignment: 'end' },
          { title: t('myPages.sessions.price'), alignment: 'end' },
          { title: t('myPages.sessions.status') },
        ]}
        rowCount={rows.length}
        pagination={{
          total,
          pageSize: MY_SESSIONS_PAGE_SIZE,
          countLabel: t('myPages.sessions.count', { count: total }),
        }}
      >
        {rows.map((s, index) => (
          <IndexTable.Row
            id={String(s.id)}
            key={s.id}
            position={index}
            // A roaming session at a partner's station (negative id) has no detail page.
            onClick={s.id > 0 ? () => navigate(`/my-sessions/${s.id}`) : undefined}
          >
            <IndexTable.Cell>{when(s.start)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {s.station_name ?? (s.station_id === null ? '' : `#${s.station_id}`)}
              </Text>{' '}
              {s.station_city ?? ''}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatKwh(s.energy_wh, s.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={s.price_total === null ? 'subdued' : undefined}>
                {s.price_total === null ? t('myPages.sessions.unpriced') : formatMoney(s.price_total, s.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={s.status === 'in_progress' ? 'info' : undefined}>{statusLabel(s.status)}</Badge>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
