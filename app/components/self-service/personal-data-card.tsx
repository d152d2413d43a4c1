/**
 * @module The personal data card (spec 1 section 3): address, usual station, bank details, national
 * id and language. Shown on /my-profile (a private user, themself) and /fleet/users/detail/{id}
 * (fleet admins). IBAN and national id are never shown in clear: the stored value appears masked
 * and an empty field keeps it.
 */

import { LANGUAGE_NAMES, LANGUAGES } from '@i18n/languages';
import { useFetcher } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { PersonalDataScope, UserData } from '../../lib/personal-data';
import { useCountryOptions } from '../../lib/use-country-options';
import type { PersonalDataLoad, PersonalDataResult } from '../../routes/personal-data.$scope.$userId';
import { useOutcomeToast } from '../use-outcome-toast';

interface Props {
  scope: PersonalDataScope;
  userId: number;
  /** False for viewers: the data is shown, the fields are read-only. */
  canEdit: boolean;
}

type Values = Record<
  | 'firstName'
  | 'lastName'
  | 'country'
  | 'city'
  | 'district'
  | 'street'
  | 'streetNumber'
  | 'zip'
  | 'stationId'
  | 'iban'
  | 'ibanOwner'
  | 'ssn'
  | 'lang',
  string
> & { autoRechargeEnabled: boolean; removeIban: boolean; removeSsn: boolean };

function valuesOf(d: UserData): Values {
  return {
    firstName: d.firstName ?? '',
    lastName: d.lastName ?? '',
    country: d.country ?? '',
    city: d.city ?? '',
    district: d.district ?? '',
    street: d.street ?? '',
    streetNumber: d.streetNumber ?? '',
    zip: d.zip ?? '',
    stationId: d.stationId ? String(d.stationId) : '',
    iban: '',
    ibanOwner: d.ibanOwner ?? '',
    ssn: '',
    lang: d.lang,
    autoRechargeEnabled: d.autoRechargeEnabled,
    removeIban: false,
    removeSsn: false,
  };
}

export function PersonalDataCard({ scope, userId, canEdit }: Props) {
  const { t } = useTranslation();
  const path = `/personal-data/${scope}/${userId}`;
  const load = useFetcher<PersonalDataLoad>();
  const save = useFetcher<PersonalDataResult>();
  useEffect(() => {
    if (load.state === 'idle' && !load.data) load.load(path);
  }, [load, path]);

  const current = (save.data?.ok ? save.data.data : undefined) ?? load.data?.data ?? null;
  const failed = save.data && !save.data.ok ? save.data : null;
  useOutcomeToast(
    save.state === 'idle' ? save.data : null,
    failed
      ? { text: `${t('selfService.notSaved')}: ${failed.message || t('selfService.loadFailed')}`, error: true }
      : { text: t('selfService.saved') },
  );
  const [values, setValues] = useState<Values | null>(null);
  // The first read and each successful save reset the form to what is stored. A revalidation (Remix reloads the
  // fetcher after every submission, a refused one included) must not: it would wipe what the user is typing.
  const resetFrom = useRef<unknown>(null);
  const saved = save.data?.ok ? save.data : null;
  useEffect(() => {
    if (!current) return;
    const source = saved ?? 'first-read';
    if (resetFrom.current === source) return;
    resetFrom.current = source;
    setValues(valuesOf(current));
  }, [current, saved]);

  const countryNames = useCountryOptions();

  const title = t('selfService.title');
  if (load.data?.error || (load.state === 'idle' && load.data && !load.data.data)) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <Banner tone="critical">{load.data?.error || t('selfService.loadFailed')}</Banner>
        </BlockStack>
      </Card>
    );
  }
  if (!current || !values) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <SkeletonBodyText lines={6} />
        </BlockStack>
      </Card>
    );
  }

  const stations = load.data?.stations ?? [];
  const stationOptions = [
    { label: t('selfService.stationNone'), value: '' },
    ...stations.map((s) => ({ label: `${s.name} (${s.uid})${s.city ? ` · ${s.city}` : ''}`, value: String(s.id) })),
  ];
  if (current.stationId && !stations.some((s) => s.id === current.stationId)) {
    stationOptions.push({ label: current.stationName ?? `#${current.stationId}`, value: String(current.stationId) });
  }
  const errorOn = fieldErrorFrom(failed ? { field: failed.field, error: failed.message } : null);
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => (v ? { ...v, [key]: value } : v));
  const busy = save.state !== 'idle';
  const disabled = !canEdit || busy;
  const text = (key: keyof Values & string, label: string, extra: { autoComplete?: string } = {}) => (
    <TextField
      label={label}
      name={key}
      value={values[key] as string}
      onChange={set(key) as (v: string) => void}
      autoComplete={extra.autoComplete ?? 'off'}
      error={errorOn(key)}
      disabled={disabled}
    />
  );

  return (
    <Card>
      <save.Form method="post" action={path}>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {title}
            </Text>
            <Text as="p" tone="subdued">
              {t(scope === 'self' ? 'selfService.selfHelp' : 'selfService.help')}
            </Text>
          </BlockStack>
          <FormLayout>
            <FormLayout.Group>
              {text('firstName', t('selfService.firstName'), { autoComplete: 'given-name' })}
              {text('lastName', t('selfService.lastName'), { autoComplete: 'family-name' })}
            </FormLayout.Group>
            <Text as="h3" variant="headingSm">
              {t('selfService.address')}
            </Text>
            <FormLayout.Group>
              {text('street', t('selfService.street'))}
              {text('streetNumber', t('selfService.streetNumber'))}
            </FormLayout.Group>
            <FormLayout.Group>
              {text('zip', t('selfService.zip'))}
              {text('city', t('selfService.city'))}
              {text('district', t('selfService.district'))}
            </FormLayout.Group>
            <Select
              label={t('selfService.country')}
              name="country"
              options={[{ label: t('selfService.countryNone'), value: '' }, ...countryNames]}
              value={values.country}
              onChange={set('country')}
              error={errorOn('country')}
              disabled={disabled}
            />
            <Text as="h3" variant="headingSm">
              {t('selfService.charging')}
            </Text>
            <Select
              label={t('selfService.station')}
              name="stationId"
              options={stationOptions}
              value={values.stationId}
              onChange={set('stationId')}
              helpText={t('selfService.stationHelp')}
              error={errorOn('stationId')}
              disabled={disabled}
            />
            <Checkbox
              label={t('selfService.autoRecharge')}
              helpText={t('selfService.autoRechargeHelp')}
              name="autoRechargeEnabled"
              checked={values.autoRechargeEnabled}
              onChange={set('autoRechargeEnabled')}
              disabled={disabled}
            />
            <Text as="h3" variant="headingSm">
              {t('selfService.bank')}
            </Text>
            <FormLayout.Group>
              <TextField
                label={t('selfService.iban')}
                name="iban"
                value={values.iban}
                onChange={set('iban')}
                autoComplete="off"
                placeholder={current.ibanMasked ?? 'DE89 3704 0044 0532 0130 00'}
                helpText={
                  current.ibanMasked
                    ? t('selfService.keepHelp', { masked: current.ibanMasked })
                    : t('selfService.ibanHelp')
                }
                error={errorOn('iban')}
                disabled={disabled || values.removeIban}
              />
              {text('ibanOwner', t('selfService.ibanOwner'))}
            </FormLayout.Group>
            {current.ibanMasked ? (
              <Checkbox
                label={t('selfService.removeIban')}
                name="removeIban"
                checked={values.removeIban}
                onChange={set('removeIban')}
                disabled={disabled}
              />
            ) : null}
            <TextField
              label={t('selfService.ssn')}
              name="ssn"
              value={values.ssn}
              onChange={set('ssn')}
              autoComplete="off"
              placeholder={current.ssnMasked ?? ''}
              helpText={current.ssnMasked ? t('selfService.keepHelp', { masked: current.ssnMasked }) : undefined}
              error={errorOn('ssn')}
              disabled={disabled || values.removeSsn}
            />
            {current.ssnMasked ? (
              <Checkbox
                label={t('selfService.removeSsn')}
                name="removeSsn"
                checked={values.removeSsn}
                onChange={set('removeSsn')}
                disabled={disabled}
              />
            ) : null}
            <Select
              label={t('selfService.lang')}
              name="lang"
              options={LANGUAGES.map((l) => ({ label: LANGUAGE_NAMES[l], value: l }))}
              value={values.lang}
              onChange={set('lang')}
              error={errorOn('lang')}
              disabled={disabled}
            />
          </FormLayout>
          {canEdit ? (
            <Box>
              <InlineStack align="end" gap="200">
                <Button onClick={() => setValues(valuesOf(current))} disabled={busy}>
                  {t('selfService.reset')}
                </Button>
                <Button submit variant="primary" loading={busy}>
                  {t('selfService.save')}
                </Button>
              </InlineStack>
            </Box>
          ) : null}
        </BlockStack>
      </save.Form>
    </Card>
  );
}
