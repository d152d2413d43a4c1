/**
 * @module A wallet's settings (name, auto-recharge threshold and amount, typed in major units) and its
 * delete, which waits for a confirmation and is disabled, with the reason shown, while the balance is not 0.
 */

import { minorToInput } from '@domain/wallets/money-input';
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { useOutcomeToast } from '../use-outcome-toast';

interface Answer {
  intent: string;
  ok: boolean;
  field?: string | null;
  error?: string;
  key?: boolean;
  digits?: number;
}

interface Wallet {
  name: string;
  balance: number;
  currency: string;
  autoRechargeThreshold: number | null;
  autoRechargeAmount: number | null;
}

const FIELDS = ['name', 'autoRechargeThreshold', 'autoRechargeAmount'] as const;

export function SettingsCard({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [name, setName] = useState(wallet.name);
  const [threshold, setThreshold] = useState(minorToInput(wallet.autoRechargeThreshold, wallet.currency));
  const [amount, setAmount] = useState(minorToInput(wallet.autoRechargeAmount, wallet.currency));
  const answer = fetcher.data?.intent === 'save' ? fetcher.data : undefined;
  useOutcomeToast(answer, answer?.ok ? { text: t('wallets.saved') } : null);
  const refused =
    answer && !answer.ok
      ? {
          field: answer.field,
          error: answer.key ? tKey(t, answer.error ?? '', { digits: answer.digits ?? 2 }) : answer.error,
        }
      : null;
  const errorOf = fieldErrorFrom(refused);
  const beside = failureBesideFields(refused, FIELDS);
  return (
    <Card>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="currency" value={wallet.currency} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('wallets.settings')}
          </Text>
          {beside ? <Banner tone="critical">{beside}</Banner> : null}
          <FormLayout>
            <TextField
              label={t('wallets.name')}
              name="name"
              autoComplete="off"
              maxLength={100}
              value={name}
              onChange={setName}
              error={errorOf('name')}
            />
            <FormLayout.Group>
              <TextField
                label={t('wallets.threshold')}
                name="autoRechargeThreshold"
                autoComplete="off"
                inputMode="decimal"
                suffix={wallet.currency}
                value={threshold}
                onChange={setThreshold}
                error={errorOf('autoRechargeThreshold')}
              />
              <TextField
                label={t('wallets.rechargeAmount')}
                name="autoRechargeAmount"
                autoComplete="off"
                inputMode="decimal"
                suffix={wallet.currency}
                value={amount}
                onChange={setAmount}
                error={errorOf('autoRechargeAmount')}
              />
            </FormLayout.Group>
            <Text as="p" tone="subdued">
              {t('wallets.autoRechargeHelp')}
            </Text>
            <InlineStack align="end">
              <Button submit loading={fetcher.state !== 'idle'}>
                {t('wallets.save')}
              </Button>
            </InlineStack>
          </FormLayout>
        </BlockStack>
      </fetcher.Form>
    </Card>
  );
}

export function DeleteWallet({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [open, setOpen] = useState(false);
  const answer = fetcher.data?.intent === 'delete' ? fetcher.data : undefined;
  const blocked = wallet.balance !== 0;
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button tone="critical" disabled={blocked} onClick={() => setOpen(true)}>
          {t('wallets.delete')}
        </Button>
      </InlineStack>
      {blocked ? (
        <Text as="p" tone="subdued">
          {t('wallets.deleteBlocked')}
        </Text>
      ) : null}
      {answer && !answer.ok ? <Banner tone="critical">{answer.error}</Banner> : null}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('wallets.deleteTitle', { name: wallet.name })}
        primaryAction={{
          content: t('wallets.delete'),
          destructive: true,
          loading: fetcher.state !== 'idle',
          onAction: () => {
            fetcher.submit({ intent: 'delete' }, { method: 'post' });
            setOpen(false);
          },
        }}
        secondaryActions={[{ content: t('wallets.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('wallets.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
