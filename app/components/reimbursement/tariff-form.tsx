/**
 * @module The pieces the reimbursement tariff screens share (issue 19 part 4): a tariff's status badge, its
 * price per kWh as money with four decimals, the form's fields (price typed with a dot, first and last day,
 * the power contract, and for a manager the employee) with the form's own check, and the form → API body
 * conversion the actions use. The API judges again and names the refused field.
 */
import { isIsoDate, parsePricePerKwh } from '@domain/reimbursement/tariffs';
import { Badge, BlockStack, FormLayout, Select, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatMoneyPerKwh } from '../../lib/format';

export type TariffStatus = 'pending' | 'active' | 'rejected';
export type TariffField = 'userId' | 'pricePerKwh' | 'validFrom' | 'validTo' | 'documentId';

export interface TariffFormValues {
  userId: string;
  /** As typed: "0.2516". */
  price: string;
  validFrom: string;
  validTo: string;
  documentId: string;
}

export const emptyTariffForm = (userId = ''): TariffFormValues => ({
  userId,
  price: '',
  validFrom: '',
  validTo: '',
  documentId: '',
});

/** Milli-minor units per kWh → the form's text ("0.2516"): five decimals, trailing zeros dropped. */
export function priceText(milliMinor: number): string {
  const text = (milliMinor / 100_000).toFixed(5);
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** Milli-minor units per kWh as money with four decimals (en-GB for GBP, decimal comma otherwise). */
export function priceLabel(milliMinor: number, currency: string): string {
  return formatMoneyPerKwh(milliMinor, currency) ?? '';
}

const STATUS_KEY = {
  pending: 'reimbursementTariffs.statusPending',
  active: 'reimbursementTariffs.statusActive',
  rejected: 'reimbursementTariffs.statusRejected',
} as const;
const STATUS_TONE = { pending: 'attention', active: 'success', rejected: 'critical' } as const;

export function TariffStatusBadge({ status }: { status: TariffStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONE[status]}>{t(STATUS_KEY[status])}</Badge>;
}

export function statusLabelKey(status: TariffStatus) {
  return STATUS_KEY[status];
}

export type TariffBody = {
  pricePerKwh: number;
  validFrom: string;
  validTo: string | null;
  documentId: number | null;
};

/**
 * The form's own check, the same in the browser and in the action: a map of field → i18n key, or the
 * body the API takes. `needsUser`: a manager's new tariff names the employee.
 */
export function checkTariffForm(
  v: TariffFormValues,
  needsUser: boolean,
): { ok: true; body: TariffBody; userId: number | null } | { ok: false; errors: Partial<Record<TariffField, string>> } {
  const errors: Partial<Record<TariffField, string>> = {};
  const userId = /^[1-9]\d{0,15}$/.test(v.userId) ? Number(v.userId) : null;
  if (needsUser && userId === null) errors.userId = 'reimbursementTariffs.employeeMissing';
  const price = parsePricePerKwh(v.price);
  if (!price.ok) errors.pricePerKwh = 'reimbursementTariffs.priceInvalid';
  if (!isIsoDate(v.validFrom)) errors.validFrom = 'reimbursementTariffs.dateMissing';
  const validTo = v.validTo.trim() === '' ? null : v.validTo;
  if (validTo !== null && !isIsoDate(validTo)) errors.validTo = 'reimbursementTariffs.dateMissing';
  else if (validTo !== null && isIsoDate(v.validFrom) && validTo < v.validFrom)
    errors.validTo = 'reimbursementTariffs.dateOrder';
  const documentId = /^[1-9]\d{0,15}$/.test(v.documentId) ? Number(v.documentId) : null;
  if (Object.keys(errors).length > 0 || !price.ok) return { ok: false, errors };
  return { ok: true, body: { pricePerKwh: price.value, validFrom: v.validFrom, validTo, documentId }, userId };
}

/** The form values as posted to an action (FormData → values). */
export function tariffFormFrom(form: FormData): TariffFormValues {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  return {
    userId: text('userId'),
    price: text('price'),
    validFrom: text('validFrom'),
    validTo: text('validTo'),
    documentId: text('documentId'),
  };
}

/** What a tariff action answered when it refused: the field it names, the API's text or the form check's keys. */
export interface TariffRefusal {
  ok: false;
  field: TariffField | null;
  error: string;
  errors?: Partial<Record<TariffField, string>>;
}

/**
 * The error under each field — the browser's own check first, then the action's refusal (the form check's
 * key, or the API's text, already translated) — and the refusal that names no field, shown above the form.
 */
export function useTariffErrors(
  answer: { ok: boolean } | undefined,
  busy: boolean,
  local: Partial<Record<TariffField, string>>,
) {
  const { t } = useTranslation();
  const refusal = answer && !answer.ok && !busy ? (answer as TariffRefusal) : null;
  const errorOf = (field: TariffField) => {
    const key = local[field] ?? refusal?.errors?.[field];
    if (key) return tKey(t, key);
    return refusal && refusal.field === field && refusal.error ? refusal.error : undefined;
  };
  const general = refusal && !refusal.field && refusal.error ? refusal.error : null;
  return { errorOf, general };
}

interface FieldsProps {
  values: TariffFormValues;
  onChange: (values: TariffFormValues) => void;
  currency: string;
  /** The error under each field (already a text). */
  errorOf: (field: TariffField) => string | undefined;
  /** A manager's new tariff: whom it is for. */
  employees?: { id: number; name: string; email: string }[];
  /** The employee's power contracts to choose from (their own card); none: the field is left out. */
  contracts?: { id: number; fileName: string }[];
  disabled?: boolean;
}

export function TariffFields({ values, onChange, currency, errorOf, employees, contracts, disabled }: FieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<TariffFormValues>) => onChange({ ...values, ...patch });
  return (
    <BlockStack gap="300">
      <FormLayout>
        {employees ? (
          <Select
            label={t('reimbursementTariffs.employee')}
            options={[
              { label: '', value: '' },
              ...employees.map((e) => ({ label: `${e.name} (${e.email})`, value: String(e.id) })),
            ]}
            value={values.userId}
            onChange={(userId) => set({ userId })}
            error={errorOf('userId')}
            disabled={disabled}
          />
        ) : null}
        <TextField
          label={t('reimbursementTariffs.price', { currency })}
          value={values.price}
          onChange={(price) => set({ price })}
          helpText={t('reimbursementTariffs.priceHelp')}
          inputMode="decimal"
          autoComplete="off"
          error={errorOf('pricePerKwh')}
          disabled={disabled}
        />
        <FormLayout.Group>
          <TextField
            label={t('reimbursementTariffs.validFrom')}
            type="date"
            value={values.validFrom}
            onChange={(validFrom) => set({ validFrom })}
            autoComplete="off"
            error={errorOf('validFrom')}
            disabled={disabled}
          />
          <TextField
            label={t('reimbursementTariffs.validTo')}
            type="date"
            value={values.validTo}
            onChange={(validTo) => set({ validTo })}
            helpText={t('reimbursementTariffs.validToHelp')}
            autoComplete="off"
            error={errorOf('validTo')}
            disabled={disabled}
          />
        </FormLayout.Group>
        {contracts ? (
          <Select
            label={t('reimbursementTariffs.document')}
            options={[
              { label: t('reimbursementTariffs.noDocument'), value: '' },
              ...contracts.map((d) => ({ label: d.fileName, value: String(d.id) })),
            ]}
            value={values.documentId}
            onChange={(documentId) => set({ documentId })}
            error={errorOf('documentId')}
            disabled={disabled}
          />
        ) : null}
      </FormLayout>
    </BlockStack>
  );
}
