/**
 * @module The address and coordinates of a station (spec section 5), as the onboarding forms and
 * the station update form show them: address and number, postal code / city / country, latitude and
 * longitude (dot decimals), time zone; the mandatory ones marked. Each form keeps its own labels,
 * values and the API's messages; `readStationAddress` (domain/stations/address) reads them back.
 */
import { FormLayout, TextField } from '@shopify/polaris';
import {
  isMandatoryAddressField,
  STATION_ADDRESS_FIELDS,
  type StationAddressField,
} from '../../../domain/stations/address';

export interface StationAddressFieldsProps {
  label: (field: StationAddressField) => string;
  values: Partial<Record<StationAddressField, string>>;
  onChange: (field: StationAddressField, value: string) => void;
  error: (field: StationAddressField) => string | undefined;
  /** Help under latitude and longitude (the dot decimal rule). */
  coordinatesHelp: string;
}

const [address, streetNumber, postalCode, city, country, latitude, longitude, timeZone] = STATION_ADDRESS_FIELDS;

export function StationAddressFields({ label, values, onChange, error, coordinatesHelp }: StationAddressFieldsProps) {
  const field = (name: StationAddressField, help?: string) => (
    <TextField
      label={label(name)}
      name={name}
      value={values[name] ?? ''}
      onChange={(value) => onChange(name, value)}
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
