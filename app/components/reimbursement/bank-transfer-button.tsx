/**
 * @module "Download bank transfer file" (issue 19 part 7) for the manager's reimbursement list: the selected
 * approved reimbursements paid by bank transfer go into one SEPA file (pain.001) after a confirmation; the
 * file is downloaded and they become processed (the list reloads). A refusal (an employee without an IBAN,
 * the company without one, a reimbursement not approved) is shown as the API says it.
 * Place it with `<BankTransferButton ids={selectedApprovedBankTransferIds} />`.
 */
import { useRevalidator } from '@remix-run/react';
import { Banner, BlockStack, Button, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcomeToast } from '../use-outcome-toast';

export const BANK_TRANSFER_ACTION = '/fleet/home-reimbursement/bank-transfer';

/** The file name the server gave in Content-Disposition, else a plain one. */
function fileNameOf(res: Response): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? 'bank-transfer.xml';
}

export function BankTransferButton({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ at: number } | null>(null);
  useOutcomeToast(done, done ? { text: t('reimbursementPayouts.bankTransfer.done') } : null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      for (const id of ids) body.append('id', String(id));
      const res = await fetch(BANK_TRANSFER_ACTION, { method: 'POST', body });
      if (!res.ok) {
        const answer = (await res.json().catch(() => ({}))) as { error?: string };
        setError(answer.error || t('reimbursementPayouts.notYet'));
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(res);
      // A detached anchor with `download` saves the file in current browsers.
      link.click();
      URL.revokeObjectURL(url);
      setOpen(false);
      setDone({ at: Date.now() });
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={ids.length === 0}>
        {t('reimbursementPayouts.bankTransfer.button')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('reimbursementPayouts.bankTransfer.confirmTitle')}
        primaryAction={{
          content: t('reimbursementPayouts.bankTransfer.confirm'),
          onAction: download,
          loading: busy,
          disabled: ids.length === 0,
        }}
        secondaryActions={[{ content: t('reimbursementPayouts.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('reimbursementPayouts.bankTransfer.confirmBody', { count: ids.length })}</Text>
            {error ? <Banner tone="critical">{error}</Banner> : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
