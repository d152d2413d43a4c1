/** @module The location form (add and edit) and the server side that turns it into `PUT /api/location`. */

import { parseCoordinate, STATION_ADDRESS_FIELDS } from '@domain/stations/station-rules';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, FormLayout, InlineStack, Page, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { useOutcomeToast } from '../use-outcome-toast';

export interface LocationValues {
  name: string;
  address: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
  timeZone: string;
  directions: string;
  openingHours: string;
}

export const FIELDS: (keyof LocationValues)[] = ['name', ...STATION_ADDRESS_FIELDS, 'directions', 'openingHours'];

/** API field name of each form field (the API speaks snake_case). */
const API: Record<keyof LocationValues, string> = {
  name: 'name',
  address: 'address',
  streetNumber: 'street_number',
  postalCode: 'postal_code',
  city: 'city',
  country: 'country',
  latitude: 'latitude',
  longitude: 'longitude',
  timeZone: 'time_zone',
  directions: 'directions',
  openingHours: 'opening_hours',
};

export interface LocationFormError {
  error: string;
  field?: string;
  /** The coordinate was not a number with a dot: said by the form, the API is not asked. */
  coordinate?: boolean;
}

/** The PUT body from the form, or the first coordinate that is not a decimal number with a dot. */
export function locationBody(form: FormData, extra: { uid?: string; station_ids?: number[] } = {}) {
  const v = (k: keyof LocationValues) => String(form.get(k) ?? '').trim();
  for (const field of ['latitude', 'longitude'] as const) {
    if (v(field) !== '' && parseCoordinate(v(field)) === null) return { badCoordinate: API[field] } as const;
  }
  const coord = (k: 'latitude' | 'longitude') => (v(k) === '' ? null : parseCoordinate(v(k)));
  return {
    body: {
      ...extra,
      name: v('name'),
      address: v('address'),
      street_number: v('streetNumber') || null,
      postal_code: v('postalCode'),
      city: v('city'),
      country: v('country'),
      latitude: coord('latitude'),
      longitude: coord('longitude'),
      ...(v('timeZone') ? { time_zone: v('timeZone') } : {}),
      directions: v('directions') || null,
      opening_hours: v('openingHours') || null,
    },
  } as const;
}

export function LocationForm(props: { title: string; back: string; initial: LocationValues; submitLabel: string }) {
  const { t } = useTranslation();
  const failed = useActionData<LocationFormError>();
  const navigation = useNavigation();
  const [values, setValues] = useState(props.initial);
  const set = (k: keyof LocationValues) => (v: string) => setValues((old) => ({ ...old, [k]: v }));
  // A coordinate that is not a decimal number is found by the form before the API is asked: its text is the form's own.
  const refused = failed?.coordinate ? { ...failed, error: t('groups.locations.coordinatesInvalid') } : failed;
  const errorOf = fieldErrorFrom(refused, { api: API });
  const formError = failureBesideFields(failed, FIELDS, { api: API });
  useOutcomeToast(failed, failed ? { text: formError ?? t('groups.locations.failed'), error: true } : null);
  const field = (k: keyof LocationValues, extra: { required?: boolean; help?: string; multiline?: number } = {}) => (
    <TextField
      label={t(`groups.locations.${k}`)}
      name={k}
      value={values[k]}
      onChange={set(k)}
      autoComplete="off"
      requiredIndicator={extra.required}
      helpText={extra.help}
      multiline={extra.multiline}
      error={errorOf(k)}
    />
  );
  return (
    <Page title={props.title} backAction={{ url: props.back }} narrowWidth>
      <Form method="post">
        <Card>
          <BlockStack gap="300">
            <FormLayout>
              {field('name', { required: true })}
              <FormLayout.Group>
                {field('address', { required: true })}
                {field('streetNumber')}
              </FormLayout.Group>
              <FormLayout.Group>
                {field('postalCode', { required: true })}
                {field('city', { required: true })}
                {field('country', { required: true })}
              </FormLayout.Group>
              <FormLayout.Group>
                {field('latitude', { required: true, help: t('groups.locations.coordinatesHelp') })}
                {field('longitude', { required: true })}
              </FormLayout.Group>
              {field('timeZone')}
              {field('openingHours')}
              {field('directions', { multiline: 3 })}
            </FormLayout>
            <InlineStack align="end" gap="200">
              <Button url={props.back}>{t('groups.detail.cancel')}</Button>
              <Button submit variant="primary" loading={navigation.state !== 'idle'}>
                {props.submitLabel}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </Form>
    </Page>
  );
}
