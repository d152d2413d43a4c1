/**
 * @module "Delete payout account" (issue 17 §7.2, issue 19) for a manager's view of one employee: deletes the
 * employee's Stripe payout account (DELETE /api/stripe/account/user/{userId}) after a confirmation, since it
 * cannot be undone; the employee must set up payouts again. Posts to /fleet/home-reimbursement/user/{userId}/payout-account.
 * Place it with `<DeletePayoutAccountButton userId={userId} />`.
 */
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcomeToast } from '../use-outcome-toast';

export const payoutAccountAction = (userId: number) => `/fleet/home-reimbursement/user/${userId}/payout-account`;

export function DeletePayoutAccountButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const answer = fetcher.data;
  useOutcomeToast(answer, answer?.ok ? { text: t('reimbursementPayouts.deleteAccount.done') } : null);
  const busy = fetcher.state !== 'idle';
  const close = () => setOpen(false);
  return (
    <>
      <Button tone="critical" onClick={() => setOpen(true)}>
        {t('reimbursementPayouts.deleteAccount.button')}
      </Button>
      <Modal
        open={open && !answer?.ok}
        onClose={close}
        title={t('reimbursementPayouts.deleteAccount.confirmTitle')}
        primaryAction={{
          content: t('reimbursementPayouts.deleteAccount.confirm'),
          destructive: true,
          loading: busy,
          onAction: () => fetcher.submit({}, { method: 'post', action: payoutAccountAction(userId) }),
        }}
        secondaryActions={[{ content: t('reimbursementPayouts.cancel'), onAction: close }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('reimbursementPayouts.deleteAccount.confirmBody')}</Text>
            {answer && !answer.ok ? <Banner tone="critical">{answer.error}</Banner> : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
