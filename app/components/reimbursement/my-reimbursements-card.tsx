/**
 * @module The employee's "My reimbursements" card (issue 19 part 6), placed on /stripe-home-reimbursement by
 * its page: their months with status and value, why a month is low (uncovered energy, a missing meter
 * reading), and "Validate" on a pending month (with the extra expense where the company allows one). Its
 * form goes to the resource route /my-reimbursements; the page's loader reads the months with
 * `loadMyReimbursements` (my-reimbursements.server.ts).
 */
import { formatKwh, formatMoney } from '@domain/format/format';
import { BlockStack, Card, EmptyState, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ReimbursementActions } from './reimbursement-actions';
import { MonthNotes } from './reimbursement-breakdown';
import { ReimbursementStatusBadge } from './reimbursement-status-badge';
import { monthLabel, type ReimbursementDetail } from './reimbursement-types';

export interface MyReimbursementsCardProps {
  months: ReimbursementDetail[];
}

export const MY_REIMBURSEMENTS_ACTION = '/my-reimbursements';

export function MyReimbursementsCard({ months }: MyReimbursementsCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card padding="0">
      <BlockStack gap="200">
        <div style={{ padding: 'var(--p-space-400) var(--p-space-400) 0' }}>
          <Text as="h2" variant="headingMd">
            {t('reimbursements.myTitle')}
          </Text>
        </div>
        <IndexTable
          resourceName={{ singular: t('reimbursements.myTitle'), plural: t('reimbursements.myTitle') }}
          itemCount={months.length}
          selectable={false}
          emptyState={
            <EmptyState heading={t('reimbursements.emptyTitle')} image="">
              <p>{t('reimbursements.myEmpty')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('reimbursements.colMonth') },
            { title: t('reimbursements.colStatus') },
            { title: t('reimbursements.colEnergy'), alignment: 'end' },
            { title: t('reimbursements.colValue'), alignment: 'end' },
            { title: t('reimbursements.lowBecause') },
            { title: '' },
          ]}
        >
          {months.map((m, index) => (
            <IndexTable.Row id={String(m.id)} key={m.id} position={index}>
              <IndexTable.Cell>{monthLabel(m.period, i18n.language)}</IndexTable.Cell>
              <IndexTable.Cell>
                <ReimbursementStatusBadge status={m.status} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatKwh(m.energyWh, m.currency)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatMoney(m.value, m.currency)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  <MonthNotes notes={m.breakdown.notes} currency={m.currency} />
                  {m.capped ? (
                    <Text as="span" tone="subdued">
                      {t('reimbursements.capped')}
                    </Text>
                  ) : null}
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack align="end" gap="300" blockAlign="center">
                  {m.statementDocumentId ? (
                    // A plain anchor: the API streams the file as an attachment.
                    <a href={`/api/documents/${m.statementDocumentId}/download`} download>
                      {t('reimbursementJobs.statement.download')}
                    </a>
                  ) : null}
                  {m.actor === 'employee' ? (
                    <ReimbursementActions target={m} action={MY_REIMBURSEMENTS_ACTION} />
                  ) : null}
                </InlineStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </BlockStack>
    </Card>
  );
}
