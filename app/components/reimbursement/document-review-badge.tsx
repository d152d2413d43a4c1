/**
 * @module A reimbursement document's review state as a badge, with who reviewed it and when.
 */
import { Badge, BlockStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { displayName as nameOf } from '../../lib/display-name';
import { formatDateTime } from '../../lib/format';
import type { DocumentRow } from './document-list-url';

type UserRef = { email: string; first_name: string | null; last_name: string | null };
export const displayName = (u: UserRef) => nameOf({ email: u.email, firstName: u.first_name, lastName: u.last_name });

export function ReviewBadge({ row }: { row: DocumentRow }) {
  const { t, i18n } = useTranslation();
  const by = row.reviewed_by
    ? t('reimbursementDocuments.reviewedBy', {
        name: displayName(row.reviewed_by),
        date: row.reviewed_at ? formatDateTime(row.reviewed_at, { language: i18n.language }) : '',
      })
    : '';
  const badge =
    row.approved === null ? (
      <Badge tone="attention">{t('reimbursementDocuments.pending')}</Badge>
    ) : row.approved ? (
      <Badge tone="success">{t('reimbursementDocuments.approved')}</Badge>
    ) : (
      <Badge tone="critical">{t('reimbursementDocuments.invalidated')}</Badge>
    );
  return (
    <BlockStack gap="100">
      <span>{badge}</span>
      {by ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {by}
        </Text>
      ) : null}
    </BlockStack>
  );
}
