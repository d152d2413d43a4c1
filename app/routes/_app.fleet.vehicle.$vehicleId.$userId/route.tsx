/**
 * @module /fleet/vehicle/{vehicleId}/{userId}: one vehicle of a driver — edit (VIN and plate checked
 * as the API does), delete with confirmation, and the telematics webhook (secret shown once).
 */

import { licensePlateError, normalizePlate } from '@domain/fleet/validation';
import { normalizeVin, vinError } from '@domain/vehicles/vin';
import { translate } from '@i18n/messages';
import type { MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Modal,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { fieldErrorFrom } from '../../lib/field-errors';
import { displayName } from '../../lib/fleet';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { useCompanyCurrency } from '../../lib/use-company-currency';
import { type ActionResult, loadVehicle, saveVehicle } from './vehicle.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'vehicles.title');

export const loader = loadVehicle;
export const action = saveVehicle;

export default function VehicleDetail() {
  const { t, i18n } = useTranslation();
  const currency = useCompanyCurrency();
  const { vehicle, models } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirm, setConfirm] = useState<null | 'delete' | 'webhook-rotate' | 'webhook-delete'>(null);
  const [brandId, setBrandId] = useState(String(vehicle.brand?.id ?? ''));
  const [modelId, setModelId] = useState(String(vehicle.model?.id ?? ''));
  const [vin, setVin] = useState(vehicle.vin ?? '');
  const [plate, setPlate] = useState(vehicle.license_plate ?? '');
  const [provider, setProvider] = useState(vehicle.telematics_provider ?? '');
  const lang = (i18n.language as 'en') ?? 'en';

  const brands = [...new Map(models.map((m) => [m.brand_id, m.brand])).entries()];
  const brandModels = models.filter((m) => String(m.brand_id) === brandId);
  const vinKey = vinError(vin);
  // The plate as shown is sent back only when changed: in demo mode (ADR 049) it is a placeholder.
  const plateChanged = plate !== (vehicle.license_plate ?? '');
  const plateKey = plateChanged ? licensePlateError(plate, false) : null;
  const title = t('vehicles.detailTitle', { plate: vehicle.license_plate ?? t('vehicles.noPlate') });
  const busy = navigation.state !== 'idle';
  const fmt = (n: number, digits = 0) => formatNumber(n, { currency, maximumFractionDigits: digits });

  function save() {
    if (vinKey || plateKey) return;
    submit(
      {
        intent: 'save',
        brand_id: brandId,
        model_id: modelId,
        vin: vin ? normalizeVin(vin) : '',
        ...(plateChanged ? { license_plate: plate ? normalizePlate(plate) : '' } : {}),
        telematics_provider: provider,
      },
      { method: 'post' },
    );
  }

  const saveError = result && 'error' in result ? result : null;
  const fieldError = fieldErrorFrom(saveError);
  useOutcomeToast(
    result,
    result && 'saved' in result
      ? { text: t('vehicles.saved') }
      : saveError && !saveError.field
        ? { text: saveError.error, error: true }
        : null,
  );

  return (
    <Page
      title={title}
      backAction={{ content: t('vehicles.back'), url: '/fleet/vehicles' }}
      subtitle={`${t('vehicles.driver')}: ${displayName(vehicle.user)}`}
      secondaryActions={[{ content: t('vehicles.delete'), destructive: true, onAction: () => setConfirm('delete') }]}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('vehicles.edit')}
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <Select
                  label={t('vehicles.brand')}
                  options={[
                    { label: t('vehicles.none'), value: '' },
                    ...brands.map(([id, name]) => ({ label: name, value: String(id) })),
                  ]}
                  value={brandId}
                  onChange={(v) => {
                    setBrandId(v);
                    setModelId('');
                  }}
                  error={fieldError('brand_id')}
                />
                <Select
                  label={t('vehicles.model')}
                  options={[
                    { label: t('vehicles.none'), value: '' },
                    ...brandModels.map((m) => ({ label: m.name, value: String(m.id) })),
                  ]}
                  value={modelId}
                  onChange={setModelId}
                  disabled={!brandId}
                  error={fieldError('model_id')}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label={t('vehicles.vin')}
                  value={vin}
                  onChange={setVin}
                  autoComplete="off"
                  helpText={t('vehicles.vinHelp')}
                  error={vinKey ? translate(lang, vinKey) : fieldError('vin')}
                  maxLength={40}
                />
                <TextField
                  label={t('vehicles.plate')}
                  value={plate}
                  onChange={setPlate}
                  autoComplete="off"
                  helpText={t('vehicles.plateHelp')}
                  error={plateKey ? translate(lang, plateKey) : fieldError('license_plate')}
                  maxLength={40}
                />
              </FormLayout.Group>
              <TextField
                label={t('vehicles.provider')}
                value={provider}
                onChange={setProvider}
                autoComplete="off"
                maxLength={40}
              />
            </FormLayout>
            <InlineStack align="end">
              <Button variant="primary" onClick={save} loading={busy} disabled={Boolean(vinKey || plateKey)}>
                {t('vehicles.save')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
        {vehicle.model ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t('vehicles.specs')}
              </Text>
              <Text as="p">{t('vehicles.battery', { kwh: fmt(vehicle.model.battery_kwh, 1) })}</Text>
              <Text as="p">{t('vehicles.ac', { kw: fmt(vehicle.model.ac_max_kw, 1) })}</Text>
              {vehicle.model.dc_max_kw ? (
                <Text as="p">{t('vehicles.dc', { kw: fmt(vehicle.model.dc_max_kw) })}</Text>
              ) : null}
              {vehicle.model.range_km ? (
                <Text as="p">{t('vehicles.range', { km: fmt(vehicle.model.range_km) })}</Text>
              ) : null}
            </BlockStack>
          </Card>
        ) : null}
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('vehicles.telematics')}
            </Text>
            {vehicle.telemetry_at ? (
              <InlineStack gap="600">
                <Text as="p">
                  {t('vehicles.odometer')}: {fmt(vehicle.odometer_km ?? 0, 1)} km
                </Text>
                <Text as="p">
                  {t('vehicles.soc')}: {fmt(vehicle.soc_percent ?? 0)} %
                </Text>
                <Text as="p">
                  {t('vehicles.readingAt')}: {new Date(vehicle.telemetry_at).toLocaleString(i18n.language)}
                </Text>
              </InlineStack>
            ) : (
              <Text as="p" tone="subdued">
                {t('vehicles.noReading')}
              </Text>
            )}
            {result && 'secret' in result ? (
              <Banner tone="warning" title={t('vehicles.webhookSecret')}>
                <BlockStack gap="100">
                  <Text as="p" fontWeight="semibold">
                    <code data-testid="webhook-secret">{result.secret}</code>
                  </Text>
                  <Text as="p">{t('vehicles.webhookHowTo')}</Text>
                </BlockStack>
              </Banner>
            ) : null}
            {vehicle.webhook ? (
              <BlockStack gap="200">
                <Text as="p">
                  {t('vehicles.webhookUrl')}: <code>{vehicle.webhook.url}</code>
                </Text>
                <Text as="p">
                  {t('vehicles.webhookFingerprint')}: <code>{vehicle.webhook.secret_fingerprint}</code>
                </Text>
                <Text as="p">
                  {t('vehicles.webhookLast')}:{' '}
                  {vehicle.webhook.last_received_at
                    ? new Date(vehicle.webhook.last_received_at).toLocaleString(i18n.language)
                    : '—'}
                </Text>
                <InlineStack gap="200">
                  <Button onClick={() => setConfirm('webhook-rotate')}>{t('vehicles.webhookRotate')}</Button>
                  <Button tone="critical" onClick={() => setConfirm('webhook-delete')}>
                    {t('vehicles.webhookDelete')}
                  </Button>
                </InlineStack>
              </BlockStack>
            ) : (
              <BlockStack gap="200">
                <Text as="p" tone="subdued">
                  {t('vehicles.webhookNone')}
                </Text>
                <Form method="post">
                  <input type="hidden" name="intent" value="webhook-create" />
                  <Button submit loading={busy}>
                    {t('vehicles.webhookCreate')}
                  </Button>
                </Form>
              </BlockStack>
            )}
          </BlockStack>
        </Card>
      </BlockStack>
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm === 'delete'
            ? t('vehicles.deleteTitle')
            : confirm === 'webhook-rotate'
              ? t('vehicles.webhookRotateTitle')
              : t('vehicles.webhookDeleteTitle')
        }
        primaryAction={{
          content:
            confirm === 'delete'
              ? t('vehicles.delete')
              : confirm === 'webhook-rotate'
                ? t('vehicles.webhookRotate')
                : t('vehicles.webhookDelete'),
          destructive: confirm !== 'webhook-rotate',
          loading: busy,
          onAction: () => {
            if (!confirm) return;
            submit({ intent: confirm, webhookId: String(vehicle.webhook?.id ?? '') }, { method: 'post' });
            setConfirm(null);
          },
        }}
        secondaryActions={[{ content: t('vehicles.cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            {confirm === 'delete'
              ? t('vehicles.deleteBody')
              : confirm === 'webhook-rotate'
                ? t('vehicles.webhookRotateBody')
                : t('vehicles.webhookDeleteBody')}
          </Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
