/**
 * @module The frame of every catalogue form (create and update of products, prices, tax rates, coupons, one-time
 * products): the page with its way back, the form posting to the route's action, the refusal summary, and on an
 * update page the irreversible action (deactivate, delete) behind a confirmation.
 */
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Modal, Page, Text } from '@shopify/polaris';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFromMap } from '../../lib/field-errors';
import type { Refusal } from './catalogue.server';

/** The message under each field from the action's refusal; form-check keys translated. */
export function useRefusal(params: Record<string, string | number> = {}) {
  const { t } = useTranslation();
  const refusal = useActionData<Refusal>();
  const text = (m: string) => (m.startsWith('billingCatalogue.') ? tKey(t, m, params) : m);
  return { refusal, errorOf: fieldErrorFromMap<string>(refusal?.issues, { text }) };
}

export interface Danger {
  label: string;
  title: string;
  body: string;
  /** The form's `intent` value the action reads. */
  intent: string;
}

export function CatalogueForm(props: {
  title: string;
  back: string;
  submitLabel: string;
  /** Shown above the fields (what Stripe allows, whether the row is in Stripe). */
  notes?: ReactNode;
  danger?: Danger | null;
  /** An inactive row's way back (reversible, so not confirmed): posts `intent` = `reactivate`. */
  reactivate?: boolean;
  /** Fields the refusal shows under an input: anything else goes to the summary. */
  fields: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { refusal } = useRefusal();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state === 'submitting';
  const summary =
    refusal && (!refusal.field || !props.fields.includes(refusal.field) || refusal.error) ? refusal.error : '';
  return (
    <Page
      title={props.title}
      backAction={{ content: t('billingCatalogue.back'), url: props.back }}
      secondaryActions={[
        ...(props.danger
          ? [{ content: props.danger.label, destructive: true, onAction: () => setConfirming(true) }]
          : []),
        ...(props.reactivate
          ? [
              {
                content: t('billingCatalogue.reactivate'),
                onAction: () => submit({ intent: 'reactivate' }, { method: 'post' }),
              },
            ]
          : []),
      ]}
    >
      <BlockStack gap="400">
        {summary ? <Banner tone="critical">{summary}</Banner> : null}
        {props.notes}
        <Card>
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <FormLayout>
              {props.children}
              <InlineStack align="end">
                <Button submit variant="primary" loading={busy}>
                  {props.submitLabel}
                </Button>
              </InlineStack>
            </FormLayout>
          </Form>
        </Card>
      </BlockStack>
      {props.danger ? (
        <Modal open={confirming} onClose={() => setConfirming(false)} title={props.danger.title}>
          <Form method="post" onSubmit={() => setConfirming(false)}>
            <input type="hidden" name="intent" value={props.danger.intent} />
            <Modal.Section>
              <BlockStack gap="300">
                <Text as="p">{props.danger.body}</Text>
                <InlineStack align="end" gap="200">
                  <Button onClick={() => setConfirming(false)}>{t('billingCatalogue.cancel')}</Button>
                  <Button submit variant="primary" tone="critical">
                    {props.danger.label}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Modal.Section>
          </Form>
        </Modal>
      ) : null}
    </Page>
  );
}

/** Active or not, and in Stripe or not yet (a row Stripe refused or never answered for). */
export function SyncNote({ synced }: { synced: boolean }) {
  const { t } = useTranslation();
  if (synced) return null;
  return (
    <Banner tone="warning" title={t('billingCatalogue.notSynced')}>
      {t('billingCatalogue.notSyncedHelp')}
    </Banner>
  );
}
