/**
 * @module The address and coordinates of a station (spec section 5), as the onboarding forms and
 * the station update form show them: address and number, postal code / city / country, latitude and
 * longitude (dot decimals), time zone; the mandatory ones marked. Each form keeps its own labels,
 * values and the API's messages; `readStationAddress` (domain/stations/address) reads them back.
 */

import { isMandatoryAddressField, STATION_ADDRESS_FIELDS, type StationAddressField } from '@domain/stations/address';
import { FormLayout, TextField } from '@shopify/polaris';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

export interface StationAddressFieldsProps {
  /** The form's text area: labels are `{prefix}.{field}`, the coordinates' help `{prefix}.coordinatesHelp`. */
  prefix: string;
  values: Record<string, string>;
  setValues: Dispatch<SetStateAction<Record<string, string>>>;
  error: (field: StationAddressField) => string | undefined;
}

const [address, streetNumber, postalCode, city, country, latitude, longitude, timeZone] = STATION_ADDRESS_FIELDS;

export function StationAddressFields({ prefix, values, setValues, error }: StationAddressFieldsProps) {
  const { t } = useTranslation();
  const coordinatesHelp = tKey(t, `${prefix}.coordinatesHelp`);
  const field = (name: StationAddressField, help?: string) => (
    <TextField
      label={tKey(t, `${prefix}.${name}`)}
      name={name}
      value={values[name] ?? ''}
      onChange={(value) => setValues((old) => ({ ...old, [name]: value }))}
      error={error(name)}
      helpText={help}
      requiredIndicator={isMandatoryAddressField(name)}
      autoComplete="off"
    />
  );
  return (
    <FormLayout>
      <FormLayout.Group>
        {field(address)}
        {field(streetNumber)}
      </FormLayout.Group>
      <FormLayout.Group>
        {field(postalCode)}
        {field(city)}
        {field(country)}
      </FormLayout.Group>
      <FormLayout.Group>
        {field(latitude, coordinatesHelp)}
        {field(longitude, coordinatesHelp)}
      </FormLayout.Group>
      {field(timeZone)}
    </FormLayout>
  );
}
