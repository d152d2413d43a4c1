/**
 * @module A month (YYYY-MM) filter field for the reimbursement list: passes a month on only once it is valid.
 */
import { TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function MonthFilter({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const invalid = text !== '' && !MONTH.test(text);
  return (
    <TextField
      label={label}
      labelHidden
      value={text}
      placeholder={t('reimbursements.monthHelp')}
      autoComplete="off"
      onChange={(v) => {
        setText(v);
        if (v === '') onChange(null);
        else if (MONTH.test(v)) onChange(v);
      }}
      error={invalid ? t('reimbursements.monthInvalid') : undefined}
    />
  );
}
