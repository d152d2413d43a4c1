/** @module /fleet/vehicles: the vehicles of the fleet's drivers, searchable by keyword and paginated in the URL. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { Badge, Button, FormLayout, IndexTable, Modal, Page, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { fieldErrorFrom } from '../../lib/field-errors';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { keyword, listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { useCompanyCurrency } from '../../lib/use-company-currency';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'vehicles.title');

const PAGE_SIZE = 25;

const url = listUrl({ q: keyword(), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:vehicles');
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const page = must(
    await api.send(
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
  const catalog = must(await api.send(api.client.api.vehicles.$get()), me);
  return { rows: page.data, total: page.total, state, models: catalog.data };
}

/** Adds a vehicle to the driver named by e-mail (an active user of the scope), then opens it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:vehicles');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const email = text('email').toLowerCase();
  // No e-mail names no driver: answer so without a search for a placeholder keyword.
  if (!email) return data({ error: 'driverNotFound', field: 'email' }, { status: 404 });
  const found = await api.send(api.client.api.vehicles.drivers.$get({ query: { keyword: email } }));
  if (!found.ok) {
    if (found.status === 403) forbidden(me, found.error['error-msg']);
    return data({ error: found.error['error-msg'], field: 'email' }, { status: found.status });
  }
  const driver = found.data.data.find((u) => u.email.toLowerCase() === email);
  if (!driver) return data({ error: 'driverNotFound', field: 'email' }, { status: 404 });
  const num = (key: string) => (text(key) ? Number(text(key)) : null);
  const created = await api.send(
    api.client.api.users[':userId'].vehicles.$post({
      param: { userId: String(driver.id) },
      json: {
        brand_id: num('brand_id'),
        model_id: num('model_id'),
        vin: text('vin') || null,
        license_plate: text('license_plate') || null,
        telematics_provider: null,
      },
    }),
  );
  if (!created.ok) {
    if (created.status === 403) forbidden(me, created.error['error-msg']);
    return data({ error: created.error['error-msg'], field: created.error.field }, { status: created.status });
  }
  return redirect(`/fleet/vehicle/${created.data.id}/${created.data.user_id}`, { headers: api.headers() });
}

export default function Vehicles() {
  const { t } = useTranslation();
  const currency = useCompanyCurrency();
  const { rows, total, state, models } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [adding, setAdding] = useState(false);
  const [brandId, setBrandId] = useState('');
  const [modelId, setModelId] = useState('');
  const [email, setEmail] = useState('');
  const [vin, setVin] = useState('');
  const [plate, setPlate] = useState('');
  const brands = [...new Map(models.map((m) => [m.brand_id, m.brand])).entries()];
  const errorOf = fieldErrorFrom(failed, {
    text: (error) => (error === 'driverNotFound' ? t('vehicles.driverNotFound') : error),
  });
  useOutcomeToast(failed, failed && !failed.field ? { text: failed.error, error: true } : null);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);

  const number = (n: number, digits = 0) => formatNumber(n, { currency, maximumFractionDigits: digits });

  return (
    <Page
      title={t('vehicles.title')}
      fullWidth
      primaryAction={{ content: t('vehicles.add'), onAction: () => setAdding(true) }}
    >
      <Modal open={adding} onClose={() => setAdding(false)} title={t('vehicles.add')}>
        <Form method="post">
          <Modal.Section>
            <FormLayout>
              <TextField
                label={t('vehicles.driverEmail')}
                name="email"
                type="email"
                value={email}
                onChange={setEmail}
                autoComplete="off"
                error={errorOf('email')}
              />
              <FormLayout.Group>
                <Select
                  label={t('vehicles.brand')}
                  name="brand_id"
                  options={[
                    { label: t('vehicles.none'), value: '' },
                    ...brands.map(([id, name]) => ({ label: name, value: String(id) })),
                  ]}
                  value={brandId}
                  onChange={(v) => {
                    setBrandId(v);
                    setModelId('');
                  }}
                />
                <Select
                  label={t('vehicles.model')}
                  name="model_id"
                  options={[
                    { label: t('vehicles.none'), value: '' },
                    ...models
                      .filter((m) => String(m.brand_id) === brandId)
                      .map((m) => ({ label: m.name, value: String(m.id) })),
                  ]}
                  value={modelId}
                  onChange={setModelId}
                  disabled={!brandId}
                  error={errorOf('model_id')}
                />
              </FormLayout.Group>
              <TextField
                label={t('vehicles.vin')}
                name="vin"
                value={vin}
                onChange={setVin}
                autoComplete="off"
                helpText={t('vehicles.vinHelp')}
                error={errorOf('vin')}
              />
              <TextField
                label={t('vehicles.plate')}
                name="license_plate"
                value={plate}
                onChange={setPlate}
                autoComplete="off"
                helpText={t('vehicles.plateHelp')}
                error={errorOf('license_plate')}
              />
              <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                {t('vehicles.add')}
              </Button>
            </FormLayout>
          </Modal.Section>
        </Form>
      </Modal>
      <ListPage
        list={list}
        searchPlaceholder={t('vehicles.search')}
        cleared={{}}
        allLabel={t('vehicles.all')}
        openWhenSearched
        resourceName={t('vehicles.title')}
        empty={{ heading: t('vehicles.emptyTitle'), body: t('vehicles.emptyBody') }}
        headings={[
          { title: t('vehicles.colPlate') },
          { title: t('vehicles.colVehicle') },
          { title: t('vehicles.colVin') },
          { title: t('vehicles.colDriver') },
          { title: t('vehicles.colBattery'), alignment: 'end' },
          { title: t('vehicles.colTelemetry') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('vehicles.count', { count: total }) }}
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
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
