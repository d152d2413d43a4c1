/** @module The outcome toast of the managers' document actions (approved, invalidated, deleted, or the API's refusal). */
import { useTranslation } from 'react-i18next';
import { useOutcomeToast } from '../use-outcome-toast';
import type { DocumentsAnswer } from './documents.server';

const DONE = {
  approved: 'reimbursementDocuments.approvedToast',
  invalidated: 'reimbursementDocuments.invalidatedToast',
  deleted: 'reimbursementDocuments.deletedToast',
} as const;

export function useDocumentsToast(answer: DocumentsAnswer | undefined) {
  const { t } = useTranslation();
  useOutcomeToast(
    answer,
    !answer ? null : 'done' in answer ? { text: t(DONE[answer.done]) } : { text: answer.error, error: true },
  );
}
