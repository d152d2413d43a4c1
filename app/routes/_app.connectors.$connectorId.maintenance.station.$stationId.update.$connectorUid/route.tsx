/**
 * @module /connectors/{connectorId}/maintenance/station/{stationId}/update/{connectorUid}: the station
 * update form. The API checks the rules of spec section 5 (mandatory fields, coordinates, public
 * peering only on a public station); its messages are shown on the fields, and nothing typed is lost.
 */

import { readStationAddress, STATION_ADDRESS_FIELDS } from '@domain/stations/address';
import { STATION_TYPES } from '@domain/stations/statuses';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import type { InferResponseType } from 'hono/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { StationAddressFields } from '../../components/stations/address-fields';
import { tKey } from '../../i18n/resources';
import { type Api, createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { connectorLinks } from '../../lib/connector-links';
import { fieldErrorFromMap } from '../../lib/field-errors';
import { unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

type StationDetail = InferResponseType<Api['client']['api']['stations'][':id']['detail']['$get'], 200>;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.links.updateStation');

const TEXTS = [
  'name',
  'directions',
  'plugType',
  'plugFormat',
  'urlType',
  'brand',
  'model',
  'profile',
  'serialNumber',
  'midMeterSerial',
  'paymentTerminalSerial',
  'energyStorageUrl',
] as const;
const DATES = ['installationDate', 'commissioningDate', 'openingDate'] as const;
const FLAGS = ['visibleInApp', 'openToPublic', 'qrPaymentEnabled', 'atHome'] as const;
const INTEGERS = ['voltage', 'amperage'] as const;
/** Optional texts: empty means cleared. */
const NULLABLE = new Set([
  'directions',
  'plugType',
  'plugFormat',
  'urlType',
  'brand',
  'model',
  'profile',
  'serialNumber',
  'midMeterSerial',
  'paymentTerminalSerial',
  'energyStorageUrl',
]);
const POWER_TYPES = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context);
  const station = unwrap<StationDetail>(
    me,
    await api.send(api.client.api.stations[':id'].detail.$get({ param: { id: params.stationId ?? '' } })),
  );
  return {
    station,
    owners: selectedSubtree(flattenCompanies(me.companies), me.company.id),
    connectorId: params.connectorId ?? '',
  };
}

/** The selected company and its descendants: the owners the API accepts. */
function selectedSubtree(all: ReturnType<typeof flattenCompanies>, id: number) {
  const start = all.findIndex((c) => c.id === id);
  const root = all[start];
  if (!root) return [];
  const out = [root];
  for (const c of all.slice(start + 1)) {
    if (c.depth <= root.depth) break;
    out.push(c);
  }
  return out;
}

type Errors = Record<string, string>;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const body: Record<string, unknown> = {};
  const errors: Errors = {};
  for (const name of TEXTS) body[name] = NULLABLE.has(name) && value(name) === '' ? null : value(name);
  for (const name of DATES) body[name] = value(name) || null;
  for (const name of FLAGS) body[name] = form.get(name) === 'on';
  for (const name of INTEGERS) {
    const v = value(name);
    if (v === '') body[name] = null;
    else if (/^\d+$/.test(v)) body[name] = Number(v);
    else errors[name] = 'maintenance.update.notANumber';
  }
  // The decimal separator is the dot (spec section 5): anything else goes as typed, and the API says why.
  Object.assign(body, readStationAddress(form));
  body.type = value('type');
  body.powerType = value('powerType') || null;
  body.ownerId = value('ownerId') ? Number(value('ownerId')) : null;
  if (Object.keys(errors).length) return data({ ok: false, message: null, errors, keys: true }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.send(
    api.client.api.stations[':id'].detail.$patch({
      param: { id: params.stationId ?? '' },
      json: body as never,
    }),
  );
  if (res.ok) return { ok: true, message: null, errors: {} as Errors, keys: false };
  if (res.status === 403 || res.status === 404) unwrap(me, res);
  const fieldErrors: Errors = {};
  for (const issue of res.error.issues ?? []) fieldErrors[issue.field] ??= issue.message;
  if (res.error.field && !fieldErrors[res.error.field]) fieldErrors[res.error.field] = res.error['error-msg'];
  return data({ ok: false, message: res.error['error-msg'], errors: fieldErrors, keys: false }, { status: 400 });
}

export default function StationUpdatePage() {
  const { t } = useTranslation();
  const { station: s, owners, connectorId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { toast } = useFeedback();
  const [v, setV] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(TEXTS.map((k) => [k, s[k] ?? ''])),
    ...Object.fromEntries(STATION_ADDRESS_FIELDS.map((k) => [k, s[k] === null ? '' : String(s[k])])),
    ...Object.fromEntries(DATES.map((k) => [k, s[k] ?? ''])),
    ...Object.fromEntries(INTEGERS.map((k) => [k, s[k] === null ? '' : String(s[k])])),
    type: s.type,
    powerType: s.powerType ?? '',
    ownerId: s.ownerId === null ? '' : String(s.ownerId),
  }));
  const [flags, setFlags] = useState<Record<string, boolean>>(() => Object.fromEntries(FLAGS.map((k) => [k, s[k]])));
  useEffect(() => {
    if (result?.ok) toast(t('maintenance.update.saved'));
  }, [result, toast, t]);

  const errorOf = fieldErrorFromMap(result?.errors, { text: (e) => (result?.keys ? tKey(t, e) : e) });
  const text = (name: string, opts: { type?: 'text' | 'date' | 'url'; help?: string; multiline?: boolean } = {}) => (
    <TextField
      label={tKey(t, `maintenance.update.${name}`)}
      name={name}
      type={opts.type ?? 'text'}
      value={v[name] ?? ''}
      onChange={(value) => setV((old) => ({ ...old, [name]: value }))}
      error={errorOf(name)}
      helpText={opts.help}
      multiline={opts.multiline ? 3 : undefined}
      requiredIndicator={name === 'name'}
      autoComplete="off"
    />
  );
  const flag = (name: (typeof FLAGS)[number]) => (
    <Checkbox
      label={tKey(t, `maintenance.update.${name}`)}
      name={name}
      checked={flags[name] ?? false}
      onChange={(checked) => setFlags((old) => ({ ...old, [name]: checked }))}
      error={errorOf(name)}
    />
  );

  return (
    <Page
      title={t('maintenance.update.title', { station: s.name })}
      subtitle={s.uid}
      backAction={{ content: t('maintenance.links.maintenance'), url: connectorLinks.maintenance(connectorId) }}
    >
      <Form method="post">
        <BlockStack gap="400">
          {result && !result.ok && result.message && (
            <Banner tone="critical">
              <p>{result.message}</p>
            </Banner>
          )}
          <Layout>
            <Layout.AnnotatedSection title={t('maintenance.update.general')}>
              <Card>
                <FormLayout>
                  {text('name')}
                  <Select
                    label={t('maintenance.update.owner')}
                    name="ownerId"
                    value={v.ownerId}
                    onChange={(value) => setV((old) => ({ ...old, ownerId: value }))}
                    error={errorOf('ownerId')}
                    options={[
                      { label: t('maintenance.update.noOwner'), value: '' },
                      ...owners.map((o) => ({ label: `${'— '.repeat(o.depth)}${o.name}`, value: String(o.id) })),
                    ]}
                  />
                  <Select
                    label={t('maintenance.update.type')}
                    name="type"
                    value={v.type}
                    onChange={(value) => setV((old) => ({ ...old, type: value }))}
                    error={errorOf('type')}
                    options={STATION_TYPES.map((type) => ({
                      label: tKey(t, `maintenance.update.types.${type}`),
                      value: type,
                    }))}
                  />
                  {text('directions', { multiline: true })}
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={t('maintenance.update.location')}>
              <Card>
                <StationAddressFields prefix="maintenance.update" values={v} setValues={setV} error={errorOf} />
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={t('maintenance.update.hardware')}>
              <Card>
                <FormLayout>
                  <Select
                    label={t('maintenance.update.powerType')}
                    name="powerType"
                    value={v.powerType}
                    onChange={(value) => setV((old) => ({ ...old, powerType: value }))}
                    options={[
                      { label: t('maintenance.update.none'), value: '' },
                      ...POWER_TYPES.map((p) => ({ label: p, value: p })),
                    ]}
                  />
                  <FormLayout.Group>
                    {text('voltage')}
                    {text('amperage')}
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {text('plugType')}
                    {text('plugFormat')}
                    {text('urlType')}
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {text('brand')}
                    {text('model')}
                    {text('profile')}
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {text('serialNumber')}
                    {text('midMeterSerial')}
                    {text('paymentTerminalSerial')}
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {text('installationDate', { type: 'date' })}
                    {text('commissioningDate', { type: 'date' })}
                  </FormLayout.Group>
                  {text('energyStorageUrl', { type: 'url' })}
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={t('maintenance.update.visibility')}>
              <Card>
                <FormLayout>
                  {flag('visibleInApp')}
                  {flag('openToPublic')}
                  {text('openingDate', { type: 'date' })}
                  {flag('qrPaymentEnabled')}
                  {flag('atHome')}
                  <Text as="p" tone="subdued">
                    {t('maintenance.station.peerings')}:{' '}
                    {s.peerings.length ? s.peerings.map((p) => p.id).join(', ') : t('maintenance.station.noPeering')}
                  </Text>
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            <Layout.Section>
              <BlockStack inlineAlign="end">
                <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                  {t('maintenance.update.save')}
                </Button>
              </BlockStack>
            </Layout.Section>
          </Layout>
        </BlockStack>
      </Form>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
