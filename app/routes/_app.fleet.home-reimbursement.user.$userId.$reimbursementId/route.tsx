/**
 * @module /fleet/home-reimbursement/user/{userId}/{reimbursementId} (spec section 2, issue 19 part 6): one
 * month of one employee: its figures, the breakdown per tariff slice with the month's notes in words, the
 * history of its statuses, the moves the caller may make now (each confirmed; a rejection needs its reason)
 * and, for a Stripe payout approved or failed, "Pay now".
 */
import { formatDateTime, formatKwh, formatMoney } from '@domain/format/format';
import type { MetaFunction } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineGrid, InlineStack, Layout, Modal, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReimbursementActions } from '../../components/reimbursement/reimbursement-actions';
import { ReimbursementBreakdown } from '../../components/reimbursement/reimbursement-breakdown';
import { ReimbursementEvents } from '../../components/reimbursement/reimbursement-events';
import { ReimbursementStatusBadge } from '../../components/reimbursement/reimbursement-status-badge';
import { monthLabel, personName } from '../../components/reimbursement/reimbursement-types';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { titleMeta } from '../../lib/meta';
import type { loader as detailLoader, PayAnswer } from './detail.server';

export { action, loader } from './detail.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursements.title');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
}

function PayNow({ id }: { id: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PayAnswer>();
  const [asking, setAsking] = useState(false);
  const answer = fetcher.data;
  useOutcomeToast(
    answer,
    answer
      ? answer.ok
        ? { text: t('reimbursements.payNowSent') }
        : { text: answer.unavailable ? t('reimbursements.notYetAvailable') : (answer.error ?? ''), error: true }
      : null,
  );
  return (
    <>
      <InlineStack gap="200" blockAlign="center">
        <Button variant="primary" onClick={() => setAsking(true)} disabled={answer?.unavailable}>
          {t('reimbursements.payNow')}
        </Button>
        {answer?.unavailable ? <Text as="span">{t('reimbursements.notYetAvailable')}</Text> : null}
      </InlineStack>
      <Modal
        open={asking && !answer?.ok}
        onClose={() => setAsking(false)}
        title={t('reimbursements.confirmTitle')}
        primaryAction={{
          content: t('reimbursements.payNow'),
          loading: fetcher.state !== 'idle',
          onAction: () => fetcher.submit({ intent: 'pay', reimbursementId: String(id) }, { method: 'post' }),
        }}
        secondaryActions={[{ content: t('reimbursements.cancel'), onAction: () => setAsking(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">{t('reimbursements.payNowConfirm')}</Text>
            {answer && !answer.ok && !answer.unavailable ? <Banner tone="critical">{answer.error}</Banner> : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}

export default function ReimbursementPage() {
  const { t, i18n } = useTranslation();
  const { reimbursement: r, canManage } = useLoaderData<typeof detailLoader>();
  const money = (v: number) => formatMoney(v, r.currency);
  const payable =
    canManage &&
    r.actor === 'manager' &&
    r.payoutMethod === 'stripe' &&
    (r.status === 'validated_by_manager' || r.status === 'payment_failed');
  const payout =
    r.payoutMethod === 'stripe'
      ? t('reimbursements.payoutStripe')
      : r.payoutMethod === 'bank_transfer'
        ? t('reimbursements.payoutBank')
        : t('reimbursements.payoutUnknown');
  return (
    <Page
      title={t('reimbursements.detailTitle', { name: personName(r.user), month: monthLabel(r.period, i18n.language) })}
      titleMetadata={<ReimbursementStatusBadge status={r.status} />}
      backAction={{ content: personName(r.user), url: `/fleet/home-reimbursement/user/${r.userId}` }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {t('reimbursements.figures')}
                  </Text>
                  <InlineStack gap="200" blockAlign="center">
                    {r.statementDocumentId ? (
                      // A plain anchor: the API streams the file as an attachment.
                      <a href={`/api/documents/${r.statementDocumentId}/download`} download>
                        {t('reimbursementJobs.statement.download')}
                      </a>
                    ) : null}
                    <ReimbursementActions target={r} action={`/fleet/home-reimbursement/user/${r.userId}/${r.id}`} />
                    {payable ? <PayNow id={r.id} /> : null}
                  </InlineStack>
                </InlineStack>
                {r.actor === null ? (
                  <Text as="p" tone="subdued">
                    {t('reimbursements.viewOnly')}
                  </Text>
                ) : null}
                <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                  <Figure label={t('reimbursements.sessions')} value={String(r.sessions)} />
                  <Figure label={t('reimbursements.energy')} value={formatKwh(r.energyWh, r.currency)} />
                  <Figure label={t('reimbursements.energyAmount')} value={money(r.energyAmount)} />
                  <Figure label={t('reimbursements.extraExpense')} value={money(r.extraExpense)} />
                  <Figure label={t('reimbursements.value')} value={money(r.value)} />
                  <Figure label={t('reimbursements.payout')} value={payout} />
                  {r.paidAt ? <Figure label={t('reimbursements.paidAt')} value={formatDateTime(r.paidAt)} /> : null}
                </InlineGrid>
                {r.extraExpenseNote ? (
                  <Text as="p">
                    {t('reimbursements.extraExpenseNote')}: {r.extraExpenseNote}
                  </Text>
                ) : null}
                {r.capped ? <Banner tone="info">{t('reimbursements.capped')}</Banner> : null}
                {r.failureReason ? (
                  <Banner tone="critical" title={t('reimbursements.failureReason')}>
                    {r.failureReason}
                  </Banner>
                ) : null}
              </BlockStack>
            </Card>
            <ReimbursementBreakdown breakdown={r.breakdown} currency={r.currency} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <ReimbursementEvents events={r.events} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
