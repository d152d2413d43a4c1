/**
 * @module "Top up": an amount in the wallet's currency (its decimals, the limits shown), sent to the
 * /top-up/{walletId}/start action, which sends the browser on to Stripe Checkout; a refusal (the API's
 * limits, Stripe unavailable) is shown beside the amount. Nothing is credited here: the webhook does it.
 */
import { topUpLimits } from '@domain/wallets/top-ups';
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, FormLayout, Modal, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { formatMoney } from '../../lib/format';
import type { TopUpActionData } from '../../routes/_app.top-up.$walletId.start';

export function TopUpButton({
  wallet,
  returnTo,
}: {
  wallet: { id: number; name: string; currency: string };
  returnTo: 'wallet' | 'my-transactions';
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopUpActionData>();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const limits = topUpLimits(wallet.currency);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const refused = answer
    ? { field: answer.field, error: answer.key ? tKey(t, answer.error, { digits: answer.digits ?? 2 }) : answer.error }
    : null;
  const errorOf = fieldErrorFrom(refused);
  const beside = failureBesideFields(refused, ['amount']);
  const submit = () =>
    fetcher.submit(
      { amount, currency: wallet.currency, returnTo },
      { method: 'post', action: `/top-up/${wallet.id}/start` },
    );

  return (
    <>
      <Button
        variant="primary"
        onClick={() => {
          setAmount('');
          setOpen(true);
        }}
      >
        {t('walletTopUps.button')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('walletTopUps.modalTitle', { name: wallet.name })}
        primaryAction={{
          content: t('walletTopUps.continue'),
          onAction: submit,
          loading: fetcher.state !== 'idle',
        }}
        secondaryActions={[{ content: t('walletTopUps.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            {beside ? <Banner tone="critical">{beside}</Banner> : null}
            <FormLayout>
              <TextField
                label={t('walletTopUps.amount', { currency: wallet.currency })}
                autoComplete="off"
                inputMode="decimal"
                value={amount}
                onChange={setAmount}
                helpText={t('walletTopUps.limits', {
                  min: formatMoney(limits.min, wallet.currency),
                  max: formatMoney(limits.max, wallet.currency),
                })}
                error={errorOf('amount')}
              />
            </FormLayout>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
