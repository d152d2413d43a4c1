/**
 * @module The employee's "My tariffs" card (issue 19 part 4): their home-reimbursement tariffs with price per
 * kWh, validity, status and power contract; a form to submit a new one (pending until a manager approves
 * it), to edit the pending one, and to delete it (asked first). The fetcher posts to
 * /my-reimbursement-tariffs; the API's refusal — the spec's "cannot be uploaded while an older one is
 * pending", an overlap naming the other tariff — shows above the form. Data: `loadMyTariffs` in
 * `my-tariffs.server.ts`.
 */
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, ButtonGroup, Card, InlineStack, Modal, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatDate } from '../../lib/format';
import { useOutcomeToast } from '../use-outcome-toast';
import {
  checkTariffForm,
  emptyTariffForm,
  priceLabel,
  priceText,
  type TariffField,
  TariffFields,
  type TariffFormValues,
  TariffStatusBadge,
} from './tariff-form';
import type { TariffAnswer, TariffRow } from './tariffs.server';

export interface MyTariffCardProps {
  tariffs: TariffRow[];
  /** The employee's power contracts that can be attached (approved or awaiting review). */
  contracts: { id: number; fileName: string }[];
  currency: string;
}

const ACTION = '/my-reimbursement-tariffs';

const DONE_TOAST = {
  create: 'reimbursementTariffs.createdToast',
  update: 'reimbursementTariffs.savedToast',
  delete: 'reimbursementTariffs.deletedToast',
  approve: 'reimbursementTariffs.approvedToast',
  reject: 'reimbursementTariffs.rejectedToast',
} as const;

export function MyTariffCard({ tariffs, contracts, currency }: MyTariffCardProps) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<TariffAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  /** null: the new-tariff form; a number: editing that pending tariff. */
  const [editing, setEditing] = useState<number | null>(null);
  const [values, setValues] = useState<TariffFormValues>(emptyTariffForm());
  const [errors, setErrors] = useState<Partial<Record<TariffField, string>>>({});
  const [deleting, setDeleting] = useState<TariffRow | null>(null);
  useOutcomeToast(answer, answer?.ok ? { text: t(DONE_TOAST[answer.done]) } : null);
  useEffect(() => {
    if (answer?.ok && fetcher.state === 'idle') {
      setEditing(null);
      setValues(emptyTariffForm());
    }
  }, [answer, fetcher.state]);

  const refusal = answer && !answer.ok && !busy ? answer : null;
  const errorOf = (field: TariffField) => {
    const key = errors[field] ?? refusal?.errors?.[field];
    return key ? tKey(t, key) : undefined;
  };
  const pending = tariffs.find((x) => x.status === 'pending');
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, { language: i18n.language });

  const save = () => {
    const checked = checkTariffForm(values, false);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const intent = editing === null ? 'create' : 'update';
    fetcher.submit(
      { intent, ...(editing === null ? {} : { tariffId: String(editing) }), ...values },
      { method: 'post', action: ACTION },
    );
  };
  const edit = (row: TariffRow) => {
    setErrors({});
    setEditing(row.id);
    setValues({
      userId: '',
      price: priceText(row.pricePerKwh),
      validFrom: row.validFrom,
      validTo: row.validTo ?? '',
      documentId: row.documentId ? String(row.documentId) : '',
    });
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('reimbursementTariffs.myTitle')}
        </Text>
        {tariffs.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('reimbursementTariffs.myEmpty')}
          </Text>
        ) : (
          <BlockStack gap="200">
            {tariffs.map((row) => (
              <InlineStack key={row.id} gap="300" align="space-between" blockAlign="center">
                <BlockStack gap="050">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span" fontWeight="semibold" numeric>
                      {priceLabel(row.pricePerKwh, row.currency)}
                    </Text>
                    <TariffStatusBadge status={row.status} />
                  </InlineStack>
                  <Text as="span" tone="subdued">
                    {day(row.validFrom)} – {row.validTo ? day(row.validTo) : t('reimbursementTariffs.openEnded')}
                    {row.documentName ? ` · ${row.documentName}` : ''}
                  </Text>
                </BlockStack>
                {row.actions.edit || row.actions.delete ? (
                  <ButtonGroup>
                    {row.actions.edit ? (
                      <Button size="slim" disabled={busy} onClick={() => edit(row)}>
                        {t('reimbursementTariffs.edit')}
                      </Button>
                    ) : null}
                    {row.actions.delete ? (
                      <Button size="slim" tone="critical" disabled={busy} onClick={() => setDeleting(row)}>
                        {t('reimbursementTariffs.delete')}
                      </Button>
                    ) : null}
                  </ButtonGroup>
                ) : null}
              </InlineStack>
            ))}
          </BlockStack>
        )}
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {editing === null ? t('reimbursementTariffs.newTariff') : t('reimbursementTariffs.edit')}
          </Text>
          {pending && editing === null ? <Banner tone="info">{t('reimbursementTariffs.myPendingRule')}</Banner> : null}
          {refusal?.error ? <Banner tone="critical">{refusal.error}</Banner> : null}
          <TariffFields
            values={values}
            onChange={setValues}
            currency={currency}
            errorOf={errorOf}
            contracts={contracts}
            disabled={busy}
          />
          <ButtonGroup>
            <Button variant="primary" loading={busy} onClick={save}>
              {editing === null ? t('reimbursementTariffs.submit') : t('reimbursementTariffs.save')}
            </Button>
            {editing !== null ? (
              <Button
                disabled={busy}
                onClick={() => {
                  setEditing(null);
                  setValues(emptyTariffForm());
                  setErrors({});
                }}
              >
                {t('reimbursementTariffs.cancel')}
              </Button>
            ) : null}
          </ButtonGroup>
        </BlockStack>
      </BlockStack>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('reimbursementTariffs.deleteTitle')}
        primaryAction={{
          content: t('reimbursementTariffs.delete'),
          destructive: true,
          onAction: () => {
            if (deleting)
              fetcher.submit({ intent: 'delete', tariffId: String(deleting.id) }, { method: 'post', action: ACTION });
            setDeleting(null);
          },
        }}
        secondaryActions={[{ content: t('reimbursementTariffs.cancel'), onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('reimbursementTariffs.deleteBody', { from: deleting ? day(deleting.validFrom) : '' })}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
