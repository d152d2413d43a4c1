/** @module A reimbursement's status as a Polaris badge (issue 19 part 6): the list, the detail and the employee's card. */
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { Badge, type BadgeProps } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

const TONE: Record<ReimbursementStatus, BadgeProps['tone']> = {
  pending_approval: 'attention',
  validated_by_user: 'info',
  validated_by_manager: 'success',
  processed: 'info',
  rejected: 'critical',
  paid: 'success',
  payment_failed: 'critical',
};

export function ReimbursementStatusBadge({ status }: { status: ReimbursementStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[status]}>{t(`reimbursements.status.${status}`)}</Badge>;
}
