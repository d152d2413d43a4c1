/**
 * @module The "Recalculate a month" card of /jobs (issue 19 part 10): year and month of a month that has
 * ended, a confirmation (a changed month goes back to its first status), then the API's answer: what
 * was created, changed (old → new value), left unchanged and skipped. Shown to users who may manage
 * home reimbursement, on /jobs and on /fleet/home-reimbursement; it posts `intent=recalc` to `action`
 * (the page's own action when absent).
 */
import type { FetcherWithComponents } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, List, Modal, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

export interface RecalcAnswer {
  period: string;
  created: { userId: number; value: number }[];
  changed: { userId: number; from: number; to: number }[];
  unchanged: number;
  skipped: { userId: number; reason: string }[];
}

/** The month before this one (UTC), the form's default. */
function lastMonth() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

export function RecalcCard({
  fetcher,
  answer,
  currency,
  action,
}: {
  fetcher: FetcherWithComponents<unknown>;
  answer: RecalcAnswer | null;
  currency: string;
  action?: string;
}) {
  const { t } = useTranslation();
  const initial = lastMonth();
  const [year, setYear] = useState(String(initial.year));
  const [month, setMonth] = useState(String(initial.month));
  const [open, setOpen] = useState(false);
  const period = `${year}-${month.padStart(2, '0')}`;
  const years = Array.from({ length: 4 }, (_, i) => String(initial.year - i));
  const months = Array.from({ length: 12 }, (_, i) => ({
    label: String(i + 1).padStart(2, '0'),
    value: String(i + 1),
  }));
  const money = (n: number) => formatMoney(n, currency);
  const submit = () => {
    setOpen(false);
    fetcher.submit({ intent: 'recalc', year, month }, { method: 'post', ...(action ? { action } : {}) });
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('reimbursementJobs.recalc.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('reimbursementJobs.recalc.body')}
        </Text>
        <InlineStack gap="300" blockAlign="end">
          <Select label={t('reimbursementJobs.recalc.year')} options={years} value={year} onChange={setYear} />
          <Select label={t('reimbursementJobs.recalc.month')} options={months} value={month} onChange={setMonth} />
          <Button onClick={() => setOpen(true)} loading={fetcher.state !== 'idle'}>
            {t('reimbursementJobs.recalc.submit')}
          </Button>
        </InlineStack>
        {answer ? (
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {t('reimbursementJobs.recalc.done')} · {answer.period}
            </Text>
            <List>
              <List.Item>{t('reimbursementJobs.recalc.created', { count: answer.created.length })}</List.Item>
              <List.Item>{t('reimbursementJobs.recalc.changed', { count: answer.changed.length })}</List.Item>
              <List.Item>{t('reimbursementJobs.recalc.unchanged', { count: answer.unchanged })}</List.Item>
              <List.Item>{t('reimbursementJobs.recalc.skipped', { count: answer.skipped.length })}</List.Item>
            </List>
            {answer.changed.map((c) => (
              <Text as="p" key={c.userId}>
                {t('reimbursementJobs.recalc.changedLine', { userId: c.userId, from: money(c.from), to: money(c.to) })}
              </Text>
            ))}
          </BlockStack>
        ) : null}
      </BlockStack>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('reimbursementJobs.recalc.confirmTitle', { period })}
        primaryAction={{ content: t('reimbursementJobs.recalc.confirm'), onAction: submit, destructive: true }}
        secondaryActions={[{ content: t('reimbursementJobs.recalc.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('reimbursementJobs.recalc.confirmBody')}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
