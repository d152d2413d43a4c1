/** @module A reimbursement's history (issue 19 part 6): each status change, who made it, when, and its note. */
import { formatDateTime } from '@domain/format/format';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { BlockStack, Card, Divider, Text } from '@shopify/polaris';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReimbursementDetail } from './reimbursement-types';

export function ReimbursementEvents({ events }: { events: ReimbursementDetail['events'] }) {
  const { t } = useTranslation();
  const status = (s: ReimbursementStatus) => t(`reimbursements.status.${s}`);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('reimbursements.events')}
        </Text>
        {events.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('reimbursements.noEvents')}
          </Text>
        ) : (
          <BlockStack gap="200">
            {[...events].reverse().map((e, i) => (
              <Fragment key={e.id}>
                {i > 0 ? <Divider /> : null}
                <BlockStack gap="050">
                  <Text as="p" fontWeight="semibold">
                    {e.fromStatus
                      ? t('reimbursements.eventLine', { from: status(e.fromStatus), to: status(e.toStatus) })
                      : t('reimbursements.eventCreated', { to: status(e.toStatus) })}
                  </Text>
                  <Text as="p" tone="subdued">
                    {formatDateTime(e.createdAt)} · {e.actor ? e.actor.name : t('reimbursements.bySystem')}
                  </Text>
                  {e.note ? <Text as="p">{e.note}</Text> : null}
                </BlockStack>
              </Fragment>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
