/**
 * @module The payment methods card of a billed company (spec 3: last 4 digits, expiry, default flag,
 * bank code): add (through a SetupIntent), refresh from the provider, make default, remove confirmed.
 * The page's action handles the intents it submits: add, sync, default, remove.
 */
import {
  Badge,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Modal,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import type { InferResponseType } from 'hono/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Api } from '../../lib/api.server';

/** A payment method as GET /api/stripe/customer/payment-method answers it. */
export type Method = InferResponseType<
  Api['client']['api']['stripe']['customer']['payment-method']['$get'],
  200
>['data'][number];

/** What a row shows: brand, last 4 and expiry of a card; last 4 and bank (sort) code of a debit. */
function MethodLabel({ m }: { m: Method }) {
  const { t } = useTranslation();
  if (m.type === 'card') {
    const month = String(m.exp_month ?? '').padStart(2, '0');
    const brand = (m.brand ?? '').toUpperCase();
    return (
      <Text as="span">{t('billingAccounts.card', { brand, last4: m.last4 ?? '', month, year: m.exp_year ?? '' })}</Text>
    );
  }
  const values = { last4: m.last4 ?? '', code: m.bank_code ?? '—' };
  return (
    <Text as="span">
      {m.type === 'bacs_debit' ? t('billingAccounts.bacs', values) : t('billingAccounts.sepa', values)}
    </Text>
  );
}

export function PaymentMethodsCard({
  methods,
  busy,
  submit,
}: {
  methods: { data: Method[] } | null;
  busy: boolean;
  submit: (data: Record<string, string>, options: { method: 'post' }) => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {t('billingAccounts.paymentMethods')}
            </Text>
            <InlineStack gap="200">
              <Button onClick={() => submit({ intent: 'sync' }, { method: 'post' })} loading={busy}>
                {t('billingAccounts.refresh')}
              </Button>
              <Button variant="primary" onClick={() => submit({ intent: 'add' }, { method: 'post' })} loading={busy}>
                {t('billingAccounts.addMethod')}
              </Button>
            </InlineStack>
          </InlineStack>
          {methods && methods.data.length > 0 ? (
            <ResourceList
              items={methods.data}
              renderItem={(m) => (
                <ResourceItem id={m.id} onClick={() => undefined}>
                  <InlineStack align="space-between" blockAlign="center">
                    <InlineStack gap="200" blockAlign="center">
                      <MethodLabel m={m} />
                      {m.default ? <Badge tone="success">{t('billingAccounts.isDefault')}</Badge> : null}
                    </InlineStack>
                    <InlineStack gap="200">
                      {m.default ? null : (
                        <Button onClick={() => submit({ intent: 'default', payment_method: m.id }, { method: 'post' })}>
                          {t('billingAccounts.makeDefault')}
                        </Button>
                      )}
                      <Button tone="critical" onClick={() => setRemoving(m.id)}>
                        {t('billingAccounts.remove')}
                      </Button>
                    </InlineStack>
                  </InlineStack>
                </ResourceItem>
              )}
            />
          ) : (
            <Text as="p" tone="subdued">
              {t('billingAccounts.noMethods')}
            </Text>
          )}
        </BlockStack>
      </Card>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('billingAccounts.removeTitle')}
        primaryAction={{
          content: t('billingAccounts.remove'),
          destructive: true,
          loading: busy,
          onAction: () => {
            if (removing) submit({ intent: 'remove', payment_method: removing }, { method: 'post' });
            setRemoving(null);
          },
        }}
        secondaryActions={[{ content: t('billingAccounts.cancel'), onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('billingAccounts.removeBody')}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
