/** @module /fleet/vehicles: the vehicles of the fleet's drivers, searchable by keyword and paginated in the URL. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Card,
  EmptyState,
  IndexFilters,
  IndexFiltersMode,
  IndexTable,
  Page,
  Text,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import type { VehicleRow } from '../_app.fleet.vehicle.$vehicleId.$userId/route';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'vehicles.title');

const PAGE_SIZE = 25;

function readState(url: URL) {
  return {
    q: url.searchParams.get('q')?.slice(0, 100) ?? '',
    page: Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:vehicles');
  const state = readState(new URL(request.url));
  const api = createApi(request, context);
  const page = must(
    await api.send<{ data: VehicleRow[]; total: number }>(
      api.client.api.vehicles.company.$get({
        query: {
          ...(state.q ? { keyword: state.q } : {}),
          page: String(state.page),
          itemsPerPage: String(PAGE_SIZE),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state };
}

export default function Vehicles() {
  const { t, i18n } = useTranslation();
  const { rows, total, state } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // An active search stays visible: the search field opens when the URL carries a keyword.
  const { mode, setMode } = useSetIndexFiltersMode(state.q ? IndexFiltersMode.Filtering : undefined);
  const [query, setQuery] = useState(state.q);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const update = useCallback(
    (changes: Partial<typeof state>) => {
      const next = { ...state, page: 0, ...changes };
      const params = new URLSearchParams();
      if (next.q) params.set('q', next.q);
      if (next.page) params.set('page', String(next.page));
      setParams(params, { preventScrollReset: true, replace: true });
    },
    [state, setParams],
  );

  useEffect(() => {
    if (query === state.q) return;
    const timer = setTimeout(() => update({ q: query }), 300);
    return () => clearTimeout(timer);
  }, [query, state.q, update]);

  const number = (n: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(n);

  return (
    <Page title={t('vehicles.title')} fullWidth>
      <Card padding="0">
        <IndexFilters
          queryValue={query}
          queryPlaceholder={t('vehicles.search')}
          onQueryChange={setQuery}
          onQueryClear={() => {
            setQuery('');
            update({ q: '' });
          }}
          filters={[]}
          onClearAll={() => {
            setQuery('');
            update({ q: '' });
          }}
          tabs={[{ id: 'all', content: t('vehicles.all') }]}
          selected={0}
          mode={mode}
          setMode={setMode}
          loading={navigation.state === 'loading'}
          cancelAction={{ onAction: () => undefined }}
        />
        <IndexTable
          resourceName={{ singular: t('vehicles.title'), plural: t('vehicles.title') }}
          itemCount={rows.length}
          selectable={false}
          emptyState={
            <EmptyState heading={t('vehicles.emptyTitle')} image="">
              <p>{t('vehicles.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('vehicles.colPlate') },
            { title: t('vehicles.colVehicle') },
            { title: t('vehicles.colVin') },
            { title: t('vehicles.colDriver') },
            { title: t('vehicles.colBattery'), alignment: 'end' },
            { title: t('vehicles.colTelemetry') },
          ]}
          pagination={{
            hasPrevious: state.page > 0,
            hasNext: state.page + 1 < pages,
            onPrevious: () => update({ page: state.page - 1 }),
            onNext: () => update({ page: state.page + 1 }),
            label: `${state.page + 1} / ${pages} · ${t('vehicles.count', { count: total })}`,
          }}
        >
          {rows.map((row, index) => (
            <IndexTable.Row
              id={String(row.id)}
              key={row.id}
              position={index}
              onClick={() => navigate(`/fleet/vehicle/${row.id}/${row.user_id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.license_plate ?? '—'}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {row.brand ? `${row.brand.name}${row.model ? ` ${row.model.name}` : ''}` : '—'}
              </IndexTable.Cell>
              <IndexTable.Cell>{row.vin ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{displayName(row.user)}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {row.model ? `${number(row.model.battery_kwh, 1)} kWh` : '—'}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {row.telemetry_at ? (
                  <Badge tone="info">{`${number(row.soc_percent ?? 0)} % · ${number(row.odometer_km ?? 0)} km`}</Badge>
                ) : (
                  '—'
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
