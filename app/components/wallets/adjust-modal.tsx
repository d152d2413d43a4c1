/**
 * @module "Adjust balance": a signed amount and a reason, reviewed (the amount and the balance it leads to)
 * before it is saved, since a ledger entry can never be changed. The form carries one reference (a UUID made
 * when the modal opens) so a double submit writes one entry.
 */

import { currencyDecimals, parseSignedMinor } from '@domain/wallets/money-input';
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, FormLayout, Modal, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { formatMoney } from '../../lib/format';
import { useOutcomeToast } from '../use-outcome-toast';

interface Answer {
  intent: string;
  ok: boolean;
  field?: string | null;
  error?: string;
  key?: boolean;
  digits?: number;
  inserted?: boolean;
}

export function AdjustBalance({ wallet }: { wallet: { name: string; balance: number; currency: string } }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [open, setOpen] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<{ field: string; error: string } | null>(null);
  const answer = fetcher.data?.intent === 'adjust' ? fetcher.data : undefined;
  const minor = parseSignedMinor(amount, wallet.currency);

  useOutcomeToast(
    answer,
    answer?.ok ? { text: t(answer.inserted === false ? 'wallets.adjustedAlready' : 'wallets.adjusted') } : null,
  );
  useEffect(() => {
    if (answer?.ok && fetcher.state === 'idle') setOpen(false);
    if (answer && !answer.ok && fetcher.state === 'idle') setReviewing(false);
  }, [answer, fetcher.state]);

  const start = () => {
    setReference(crypto.randomUUID());
    setAmount('');
    setReason('');
    setLocal(null);
    setReviewing(false);
    setOpen(true);
  };
  const review = () => {
    const digits = currencyDecimals(wallet.currency);
    if (minor === null || minor === 0)
      return setLocal({ field: 'amount', error: t('wallets.amountInvalid', { digits }) });
    const length = reason.trim().length;
    if (length < 3 || length > 500) return setLocal({ field: 'reason', error: t('wallets.reasonInvalid') });
    setLocal(null);
    setReviewing(true);
  };
  const refused =
    answer && !answer.ok
      ? {
          field: answer.field,
          error: answer.key ? tKey(t, answer.error ?? '', { digits: answer.digits ?? 2 }) : answer.error,
        }
      : local;
  const errorOf = fieldErrorFrom(refused);
  const beside = failureBesideFields(refused, ['amount', 'reason']);
  const submit = () =>
    fetcher.submit(
      { intent: 'adjust', amount, reason, reference, currency: wallet.currency },
      { method: 'post', preventScrollReset: true },
    );

  return (
    <>
      <Button onClick={start}>{t('wallets.adjust')}</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('wallets.adjustTitle', { name: wallet.name })}
        primaryAction={
          reviewing
            ? {
                content: t('wallets.adjustSave'),
                onAction: submit,
                loading: fetcher.state !== 'idle',
                destructive: (minor ?? 0) < 0,
              }
            : { content: t('wallets.adjustReview'), onAction: review }
        }
        secondaryActions={[
          reviewing
            ? { content: t('wallets.adjustBack'), onAction: () => setReviewing(false) }
            : { content: t('wallets.cancel'), onAction: () => setOpen(false) },
        ]}
      >
        <Modal.Section>
          {reviewing && minor !== null ? (
            <Banner tone="warning">
              <Text as="p">
                {t('wallets.adjustConfirm', {
                  amount: formatMoney(minor, wallet.currency),
                  balance: formatMoney(wallet.balance + minor, wallet.currency),
                })}
              </Text>
            </Banner>
          ) : (
            <BlockStack gap="300">
              {beside ? <Banner tone="critical">{beside}</Banner> : null}
              <FormLayout>
                <TextField
                  label={t('wallets.adjustAmount', { currency: wallet.currency })}
                  autoComplete="off"
                  inputMode="decimal"
                  value={amount}
                  onChange={setAmount}
                  helpText={t('wallets.adjustAmountHelp')}
                  error={errorOf('amount')}
                />
                <TextField
                  label={t('wallets.adjustReason')}
                  autoComplete="off"
                  multiline={3}
                  maxLength={500}
                  value={reason}
                  onChange={setReason}
                  helpText={t('wallets.adjustReasonHelp')}
                  error={errorOf('reason')}
                />
              </FormLayout>
            </BlockStack>
          )}
        </Modal.Section>
      </Modal>
    </>
  );
}
