/**
 * @module The reimbursement list's bulk Approve / Reject: the actions, the confirmation dialog and the summary of the outcome.
 */
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, FormLayout, List, Modal, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcomeToast } from '../use-outcome-toast';
import type { BulkAnswer } from './reimbursement-types';

/** What the list page's action answers for the bulk form (intent `bulk`). */
export type BulkOutcome =
  | { intent: 'bulk'; ok: true; answer: BulkAnswer }
  | { intent: 'bulk'; ok: false; error: string };

export function useBulk(canManage: boolean, selected: string[], clear: () => void) {
  const { t } = useTranslation();
  const fetcher = useFetcher<BulkOutcome>();
  const [asking, setAsking] = useState<'validated_by_manager' | 'rejected' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const outcome = fetcher.data;
  useOutcomeToast(
    outcome,
    outcome
      ? outcome.ok
        ? {
            text: t('reimbursements.bulkSummary', { ok: outcome.answer.succeeded, failed: outcome.answer.failed }),
            error: outcome.answer.succeeded === 0,
          }
        : { text: outcome.error, error: true }
      : null,
  );
  useEffect(() => {
    if (outcome?.ok) {
      setAsking(null);
      clear();
    }
  }, [outcome, clear]);
  const submit = () => {
    if (!asking) return;
    if (asking === 'rejected' && !note.trim()) {
      setNoteError(t('reimbursements.noteRequired'));
      return;
    }
    fetcher.submit({ intent: 'bulk', status: asking, note, ids: selected.join(',') }, { method: 'post' });
  };
  const ask = (to: 'validated_by_manager' | 'rejected') => {
    setAsking(to);
    setNote('');
    setNoteError(undefined);
  };
  const actions = canManage
    ? [
        { content: t('reimbursements.approveSelected'), onAction: () => ask('validated_by_manager') },
        { content: t('reimbursements.rejectSelected'), destructive: true, onAction: () => ask('rejected') },
      ]
    : [];
  const failures = outcome?.ok ? outcome.answer.data.filter((d) => !d.ok) : [];
  const summary = outcome?.ok ? (
    <Banner
      tone={failures.length === 0 ? 'success' : 'warning'}
      title={t('reimbursements.bulkSummary', { ok: outcome.answer.succeeded, failed: outcome.answer.failed })}
    >
      {failures.length > 0 ? (
        <BlockStack gap="100">
          <Text as="p">{t('reimbursements.bulkFailures')}</Text>
          <List>
            {failures.map((f) => (
              <List.Item key={f.id}>
                #{f.id}: {f['error-msg']}
              </List.Item>
            ))}
          </List>
        </BlockStack>
      ) : null}
    </Banner>
  ) : null;
  const dialog = (
    <Modal
      open={asking !== null}
      onClose={() => setAsking(null)}
      title={t('reimbursements.confirmTitle')}
      primaryAction={{
        content: asking === 'rejected' ? t('reimbursements.rejectSelected') : t('reimbursements.approveSelected'),
        destructive: asking === 'rejected',
        loading: fetcher.state !== 'idle',
        onAction: submit,
      }}
      secondaryActions={[{ content: t('reimbursements.cancel'), onAction: () => setAsking(null) }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            {asking === 'rejected'
              ? t('reimbursements.bulkConfirmReject', { count: selected.length })
              : t('reimbursements.bulkConfirmApprove', { count: selected.length })}
          </Text>
          {asking === 'rejected' ? (
            <FormLayout>
              <TextField
                label={t('reimbursements.rejectNote')}
                value={note}
                onChange={(v) => {
                  setNote(v);
                  setNoteError(undefined);
                }}
                autoComplete="off"
                multiline={2}
                maxLength={1000}
                requiredIndicator
                helpText={t('reimbursements.rejectNoteHelp')}
                error={noteError}
              />
            </FormLayout>
          ) : null}
          {outcome && !outcome.ok ? <Banner tone="critical">{outcome.error}</Banner> : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
  return { actions, summary, dialog };
}
