/**
 * @module /connectors/onboard-station/{type}: add an online or offline station from a template. After
 * creation the OCPP credentials of an online station are shown once (they live only in this action's
 * answer), then the steps create → peering → publish with a retry for each, and the commissioning status.
 */

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
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { StationAddressFields } from '../../components/stations/address-fields';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { flattenCompanies, openCompanies } from '../../lib/companies';
import { fieldErrorFromMap } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { createStation, type FIELDS, stepAction } from './actions.server';
import { StepsCard } from './steps-card';

export const meta: MetaFunction = ({ params, matches }) =>
  titleMeta(matches, params.type === 'offline' ? 'onboarding.form.titleOffline' : 'onboarding.form.titleOnline');

function modeOf(type: string | undefined): 'online' | 'offline' {
  if (type === 'online' || type === 'offline') return type;
  throw data({ message: 'Unknown station type' }, { status: 404 });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const mode = modeOf(params.type);
  const me = await requirePermission(
    request,
    context,
    mode === 'offline' ? 'stations:onboard:offline' : 'stations:onboard',
  );
  const api = createApi(request, context);
  const res = await api.send(api.client.api['station-templates'].$get());
  const templates = res.ok ? res.data.data : [];
  const all = flattenCompanies(me.companies);
  const first = all.findIndex((c) => c.id === me.company.id);
  const root = all[first];
  // The selected company and its descendants: the operators and owners the API accepts.
  const companies = [];
  if (root) {
    companies.push(root);
    for (const c of all.slice(first + 1)) {
      if (c.depth <= root.depth) break;
      companies.push(c);
    }
  }
  // A closed company takes no new station (ADR 050): it is not offered.
  return { mode, templates, companies: openCompanies(companies), selected: me.company.id, country: 'FR' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const mode = modeOf(params.type);
  const me = await requirePermission(
    request,
    context,
    mode === 'offline' ? 'stations:onboard:offline' : 'stations:onboard',
  );
  const form = await request.formData();
  if (form.get('intent') === 'create') return createStation(request, context as never, me, mode, form);
  return stepAction(request, context as never, me, form);
}

export default function OnboardStationPage() {
  const { t } = useTranslation();
  const { mode, templates, companies, selected, country } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const created = result && 'created' in result ? result : null;
  const [v, setV] = useState<Record<string, string>>({
    templateId: '',
    companyId: String(selected),
    ownerId: '',
    type: 'public',
    country,
    timeZone: 'Europe/Paris',
  });
  const [flags, setFlags] = useState({ visibleInApp: true, openToPublic: true });
  const title = t(mode === 'offline' ? 'onboarding.form.titleOffline' : 'onboarding.form.titleOnline');
  const template = templates.find((x) => String(x.id) === v.templateId);

  if (created?.ok && created.created) {
    const { station, credentials, onboarding } = created.created;
    return (
      <Page
        title={title}
        backAction={{ content: t('onboarding.choose.title'), url: '/connectors/onboard-station' }}
        primaryAction={{ content: t('onboarding.result.another'), url: `/connectors/onboard-station/${mode}` }}
      >
        <BlockStack gap="400">
          <Banner tone="success" title={t('onboarding.result.created', { name: station.name })} />
          {credentials ? (
            <Banner tone="warning" title={t('onboarding.result.credentialsTitle')}>
              <BlockStack gap="200">
                <p>{t('onboarding.result.credentialsBody')}</p>
                <p>
                  {t('onboarding.result.url')}:{' '}
                  <code>{`${typeof window === 'undefined' ? '' : window.location.origin.replace(/^http/, 'ws')}${credentials.path}`}</code>
                </p>
                <p>
                  {t('onboarding.result.ocppId')}: <code>{credentials.ocppId}</code>
                </p>
                <p>
                  {t('onboarding.result.password')}: <code>{credentials.password}</code>
                </p>
              </BlockStack>
            </Banner>
          ) : (
            <Banner tone="info">
              <p>{t('onboarding.result.offlineBody')}</p>
            </Banner>
          )}
          <StepsCard initial={onboarding} stationId={station.id} />
        </BlockStack>
      </Page>
    );
  }

  const errorOf = fieldErrorFromMap(created?.errors);
  const text = (
    name: (typeof FIELDS)[number],
    opts: { help?: string; type?: 'text' | 'date'; required?: boolean } = {},
  ) => (
    <TextField
      label={tKey(t, `onboarding.form.${name}`)}
      name={name}
      type={opts.type ?? 'text'}
      value={v[name] ?? ''}
      onChange={(value) => setV((old) => ({ ...old, [name]: value }))}
      error={errorOf(name)}
      helpText={opts.help}
      requiredIndicator={opts.required}
      autoComplete="off"
    />
  );
  const companyOptions = companies.map((c) => ({ label: `${'— '.repeat(c.depth)}${c.name}`, value: String(c.id) }));

  return (
    <Page title={title} backAction={{ content: t('onboarding.choose.title'), url: '/connectors/onboard-station' }}>
      <Form method="post">
        <input type="hidden" name="intent" value="create" />
        <BlockStack gap="400">
          {created && !created.ok && created.message && (
            <Banner tone="critical">
              <p>{created.message}</p>
            </Banner>
          )}
          {templates.length === 0 && (
            <Banner tone="warning">
              <p>{t('onboarding.form.noTemplates')}</p>
            </Banner>
          )}
          <Layout>
            <Layout.AnnotatedSection title={t('onboarding.form.general')}>
              <Card>
                <FormLayout>
                  <Select
                    label={t('onboarding.form.template')}
                    name="templateId"
                    value={v.templateId}
                    onChange={(value) => setV((old) => ({ ...old, templateId: value }))}
                    error={errorOf('templateId')}
                    requiredIndicator
                    options={[
                      { label: t('onboarding.form.chooseTemplate'), value: '' },
                      ...templates.map((x) => ({ label: x.name, value: String(x.id) })),
                    ]}
                    helpText={
                      template
                        ? t('onboarding.form.templateConnectors', {
                            list: template.connectors
                              .map(
                                (c) => `${c.connectorNumber}: ${c.plugType} ${c.plugFormat} ${c.maxPowerW / 1000} kW`,
                              )
                              .join(' · '),
                          })
                        : undefined
                    }
                  />
                  {mode === 'online' && text('ocppId', { help: t('onboarding.form.ocppIdHelp') })}
                  {text('name', { required: true })}
                  <FormLayout.Group>
                    <Select
                      label={t('onboarding.form.company')}
                      name="companyId"
                      value={v.companyId}
                      onChange={(value) => setV((old) => ({ ...old, companyId: value }))}
                      error={errorOf('companyId')}
                      options={companyOptions}
                    />
                    <Select
                      label={t('onboarding.form.owner')}
                      name="ownerId"
                      value={v.ownerId}
                      onChange={(value) => setV((old) => ({ ...old, ownerId: value }))}
                      error={errorOf('ownerId')}
                      options={[{ label: t('onboarding.form.noOwner'), value: '' }, ...companyOptions]}
                    />
                  </FormLayout.Group>
                  <Select
                    label={t('onboarding.form.type')}
                    name="type"
                    value={v.type}
                    onChange={(value) => setV((old) => ({ ...old, type: value }))}
                    error={errorOf('type')}
                    options={STATION_TYPES.map((x) => ({ label: tKey(t, `onboarding.form.types.${x}`), value: x }))}
                  />
                  <FormLayout.Group>
                    {text('serialNumber')}
                    {text('installationDate', { type: 'date' })}
                  </FormLayout.Group>
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={t('onboarding.form.location')}>
              <Card>
                <StationAddressFields prefix="onboarding.form" values={v} setValues={setV} error={errorOf} />
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={t('onboarding.form.visibility')}>
              <Card>
                <FormLayout>
                  <Checkbox
                    label={t('onboarding.form.visibleInApp')}
                    name="visibleInApp"
                    checked={flags.visibleInApp}
                    onChange={(checked) => setFlags((old) => ({ ...old, visibleInApp: checked }))}
                  />
                  <Checkbox
                    label={t('onboarding.form.openToPublic')}
                    name="openToPublic"
                    checked={flags.openToPublic}
                    onChange={(checked) => setFlags((old) => ({ ...old, openToPublic: checked }))}
                  />
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            {mode === 'online' && (
              <Layout.AnnotatedSection title={t('onboarding.form.importTitle')}>
                <Card>
                  <BlockStack gap="200">
                    <Text as="p">{t('onboarding.form.importBody')}</Text>
                    <InlineStack gap="200">
                      <Button url="/connectors/onboard-station/import-template" download external={false}>
                        {t('onboarding.form.importDownload')}
                      </Button>
                      <Button url="/connectors/onboard-station/import">{t('onboarding.import.open')}</Button>
                    </InlineStack>
                  </BlockStack>
                </Card>
              </Layout.AnnotatedSection>
            )}
            <Layout.Section>
              <BlockStack inlineAlign="end">
                <Button
                  submit
                  variant="primary"
                  loading={navigation.state === 'submitting'}
                  disabled={templates.length === 0}
                >
                  {t('onboarding.form.create')}
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
