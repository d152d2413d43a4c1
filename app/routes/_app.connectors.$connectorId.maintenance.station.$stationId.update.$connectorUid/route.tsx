/**
 * @module /connectors/{connectorId}/maintenance/station/{stationId}/update/{connectorUid}: the station
 * update form. The API checks the rules of spec section 5 (mandatory fields, coordinates, public
 * peering only on a public station); its messages are shown on the fields, and nothing typed is lost.
 */

import { STATION_ADDRESS_FIELDS } from '@domain/stations/address';
import { STATION_TYPES } from '@domain/stations/statuses';
import type { MetaFunction } from '@remix-run/cloudflare';
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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { StationAddressFields } from '../../components/stations/address-fields';
import { tKey } from '../../i18n/resources';
import { connectorLinks } from '../../lib/connector-links';
import { fieldErrorFromMap } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { DATES, DECIMALS, FLAGS, INTEGERS, OCPP_VERSION_CHOICES, POWER_TYPES, TEXTS } from './fields';
import { loadStationUpdate, saveStationUpdate } from './update.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.links.updateStation');

export const loader = loadStationUpdate;
export const action = saveStationUpdate;

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
    ...Object.fromEntries([...INTEGERS, ...DECIMALS].map((k) => [k, s[k] === null ? '' : String(s[k])])),
    type: s.type,
    powerType: s.powerType ?? '',
    ocppVersion: s.ocppVersion ?? '',
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
                  <Select
                    label={t('maintenance.update.ocppVersion')}
                    name="ocppVersion"
                    value={v.ocppVersion}
                    onChange={(value) => setV((old) => ({ ...old, ocppVersion: value }))}
                    options={[{ label: t('maintenance.update.ocppVersionAuto'), value: '' }, ...OCPP_VERSION_CHOICES]}
                    helpText={t('maintenance.update.ocppVersionHelp')}
                    error={errorOf('ocppVersion')}
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
                  {text('meterPublicKey', { multiline: true, help: t('maintenance.update.meterPublicKeyHelp') })}
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
            <Layout.AnnotatedSection
              title={t('maintenance.update.energySupply')}
              description={t('maintenance.update.renewableHelp')}
            >
              <Card>
                <FormLayout>
                  {flag('certifiedRenewable')}
                  {text('renewableCertificate')}
                  {text('renewableGPerKwh')}
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
