/**
 * @module The status buttons of one reimbursement (issue 19 part 6): one per move the API says the caller may
 * make now (`nextStatuses`), each confirmed in a modal before it is sent; a rejection needs its reason, the
 * employee's validation takes the extra expense where the company allows one. The form goes to `action`
 * (the detail page's action, or /my-reimbursements for the employee's card), which answers `StatusAnswer`.
 */
import { formatMoney } from '@domain/format/format';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { currencyDecimals } from '@domain/wallets/money-input';
import { useFetcher } from '@remix-run/react';
import { Banner, BlockStack, Button, FormLayout, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { useOutcomeToast } from '../use-outcome-toast';

export interface StatusAnswer {
  intent: 'status';
  ok: boolean;
  status?: ReimbursementStatus;
  field?: string | null;
  /** The API's translated message, or an i18n key when `key` is set. */
  error?: string;
  key?: boolean;
}

export interface ActionTarget {
  id: number;
  status: ReimbursementStatus;
  currency: string;
  nextStatuses: ReimbursementStatus[];
  extraExpensePolicy: { enabled: boolean; limit: number | null };
}

const DESTRUCTIVE: readonly ReimbursementStatus[] = ['rejected'];
const FIELDS = ['note', 'extraExpense', 'extraExpenseNote'] as const;
type Field = (typeof FIELDS)[number];

export function ReimbursementActions({ target, action }: { target: ActionTarget; action: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<StatusAnswer>();
  const [chosen, setChosen] = useState<ReimbursementStatus | null>(null);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [extra, setExtra] = useState('');
  const [extraNote, setExtraNote] = useState('');
  const answer = fetcher.data;
  const message = (a: StatusAnswer) => (a.key && a.error ? tKey(t, a.error) : (a.error ?? ''));
  useOutcomeToast(
    answer,
    answer
      ? answer.ok
        ? {
            text: t('reimbursements.changed', {
              status: answer.status ? t(`reimbursements.status.${answer.status}`) : '',
            }),
          }
        : { text: message(answer), error: true }
      : null,
  );
  useEffect(() => {
    if (answer?.ok) setChosen(null);
  }, [answer]);
  if (target.nextStatuses.length === 0) return null;
  const validating = chosen === 'validated_by_user' && target.extraExpensePolicy.enabled;
  const failed = answer && !answer.ok ? answer : undefined;
  const textOf = (m: string) => (failed?.key ? tKey(t, m) : m);
  const fieldError = fieldErrorFrom<Field>(failed, { text: textOf });
  const beside = failureBesideFields<Field>(failed, FIELDS, { text: textOf });
  const submit = () => {
    if (!chosen) return;
    // The reason is checked here first: the API refuses a rejection without one too.
    if (chosen === 'rejected' && !note.trim()) {
      setNoteMissing(true);
      return;
    }
    fetcher.submit(
      {
        intent: 'status',
        reimbursementId: String(target.id),
        status: chosen,
        expectedStatus: target.status,
        currency: target.currency,
        note,
        ...(validating ? { extraExpense: extra, extraExpenseNote: extraNote } : {}),
      },
      { method: 'post', action },
    );
  };
  const limit = target.extraExpensePolicy.limit;
  return (
    <>
      <InlineStack gap="200">
        {target.nextStatuses.map((to) => (
          <Button
            key={to}
            tone={DESTRUCTIVE.includes(to) ? 'critical' : undefined}
            variant={DESTRUCTIVE.includes(to) ? 'secondary' : 'primary'}
            onClick={() => {
              setChosen(to);
              setNote('');
              setNoteMissing(false);
            }}
          >
            {t(`reimbursements.action.${to}`)}
          </Button>
        ))}
      </InlineStack>
      <Modal
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('reimbursements.confirmTitle')}
        primaryAction={{
          content: chosen ? t(`reimbursements.action.${chosen}`) : '',
          destructive: chosen ? DESTRUCTIVE.includes(chosen) : false,
          loading: fetcher.state !== 'idle',
          onAction: submit,
        }}
        secondaryActions={[{ content: t('reimbursements.cancel'), onAction: () => setChosen(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{chosen ? t(`reimbursements.confirm.${chosen}`) : ''}</Text>
            <FormLayout>
              {validating ? (
                <>
                  <TextField
                    label={t('reimbursements.extraExpense')}
                    value={extra}
                    onChange={setExtra}
                    autoComplete="off"
                    inputMode="decimal"
                    suffix={target.currency}
                    helpText={
                      limit !== null
                        ? t('reimbursements.extraExpenseHelp', { limit: formatMoney(limit, target.currency) })
                        : t('reimbursements.extraExpenseHelpNoLimit')
                    }
                    error={fieldError('extraExpense')}
                    placeholder={(0).toFixed(currencyDecimals(target.currency))}
                  />
                  <TextField
                    label={t('reimbursements.extraExpenseNote')}
                    value={extraNote}
                    onChange={setExtraNote}
                    autoComplete="off"
                    maxLength={1000}
                    error={fieldError('extraExpenseNote')}
                  />
                </>
              ) : null}
              {chosen === 'rejected' ? (
                <TextField
                  label={t('reimbursements.rejectNote')}
                  value={note}
                  onChange={(v) => {
                    setNote(v);
                    setNoteMissing(false);
                  }}
                  autoComplete="off"
                  multiline={2}
                  maxLength={1000}
                  requiredIndicator
                  helpText={t('reimbursements.rejectNoteHelp')}
                  error={noteMissing ? t('reimbursements.noteRequired') : fieldError('note')}
                />
              ) : null}
            </FormLayout>
            {beside ? <Banner tone="critical">{textOf(beside)}</Banner> : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
