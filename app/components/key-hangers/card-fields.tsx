/** @module The fields a card shares between its creation and its detail page: type, OCPP group id, expiry. */
import { FormLayout, Select, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { KEYFOB_TYPES } from './keyfob';

export interface CardFieldValues {
  type: string;
  group: string;
  expires: string;
}

export function CardFields({
  values,
  onChange,
  fieldError,
}: {
  values: CardFieldValues;
  onChange: (next: CardFieldValues) => void;
  /** The error text of an API field (`parent_id_tag`, `expires_at`), if the last save failed on it. */
  fieldError: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormLayout.Group>
      <Select
        label={t('keyHangers.col.type')}
        name="type"
        options={KEYFOB_TYPES.map((k) => ({ label: tKey(t, `keyHangers.type.${k}`), value: k }))}
        value={values.type}
        onChange={(type) => onChange({ ...values, type })}
      />
      <TextField
        label={t('keyHangers.detail.group')}
        name="parent_id_tag"
        value={values.group}
        onChange={(group) => onChange({ ...values, group })}
        maxLength={20}
        autoComplete="off"
        helpText={t('keyHangers.detail.groupHelp')}
        error={fieldError('parent_id_tag')}
      />
      <TextField
        label={t('keyHangers.detail.expires')}
        name="expires"
        type="date"
        value={values.expires}
        onChange={(expires) => onChange({ ...values, expires })}
        autoComplete="off"
        helpText={t('keyHangers.detail.expiresHelp')}
        error={fieldError('expires_at')}
      />
    </FormLayout.Group>
  );
}
