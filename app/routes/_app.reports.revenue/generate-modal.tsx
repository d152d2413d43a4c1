/** @module The revenue reports screen's "Generate now": company, kind and period, confirmed in a modal, posted to the action. */
import { useNavigation, useSubmit } from '@remix-run/react';
import { BlockStack, FormLayout, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldFailure, failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';

const FIELDS = ['company_id', 'period_kind', 'period'] as const;

export function GenerateModal(props: {
  open: boolean;
  onClose: () => void;
  companyId: number;
  lastMonth: string;
  answer: (FieldFailure & { ok: boolean }) | undefined;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [values, setValues] = useState({ company_id: String(props.companyId), period_kind: 'month', period: '' });
  useEffect(() => {
    if (props.open) setValues((s) => ({ ...s, period: s.period || props.lastMonth }));
  }, [props.open, props.lastMonth]);
  const refused = props.answer && !props.answer.ok ? props.answer : null;
  const errorOf = fieldErrorFrom(refused);
  const beside = failureBesideFields(refused, FIELDS);
  const set = (name: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [name]: value }));
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post';
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t('revenueReports.generateTitle')}
      primaryAction={{
        content: t('revenueReports.generateConfirm'),
        loading: busy,
        onAction: () => submit(values, { method: 'post' }),
      }}
      secondaryActions={[{ content: t('revenueReports.cancel'), onAction: props.onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t('revenueReports.generateBody')}</Text>
          <FormLayout>
            <TextField
              label={t('revenueReports.filter.company')}
              type="number"
              value={values.company_id}
              onChange={set('company_id')}
              error={errorOf('company_id')}
              autoComplete="off"
            />
            <Select
              label={t('revenueReports.filter.kind')}
              options={[
                { value: 'month', label: t('revenueReports.kind.month') },
                { value: 'quarter', label: t('revenueReports.kind.quarter') },
              ]}
              value={values.period_kind}
              onChange={set('period_kind')}
              error={errorOf('period_kind')}
            />
            <TextField
              label={t('revenueReports.filter.period')}
              helpText={t('revenueReports.filter.periodHelp')}
              value={values.period}
              onChange={set('period')}
              error={errorOf('period')}
              autoComplete="off"
            />
          </FormLayout>
          {beside ? (
            <Text as="p" tone="critical">
              {beside}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
