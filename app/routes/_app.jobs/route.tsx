/**
 * @module /jobs (issue 17 part 10): the runs of the scheduled jobs, and the monthly invoices or the
 * home reimbursements (issue 19) run by hand for a month (confirmation first); for users who manage
 * home reimbursement, the "Recalculate a month" card (recalc-card.tsx). While a run is going the page posts again every two seconds:
 * each post processes a few chunks and answers the progress shown in the bar.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Card,
  EmptyState,
  IndexTable,
  Modal,
  Page,
  Pagination,
  ProgressBar,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecalcCard } from '../../components/reimbursement/recalc-card';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingJobs.jobs.title');

const PAGE_SIZE = 25;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:jobs');
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page') ?? 0) || 0);
  const api = createApi(request, context);
  const runs = await api.send(
    api.client.api.jobs.runs.$get({ query: { page: String(page), items_per_page: String(PAGE_SIZE) } }),
  );
  return {
    runs: must(runs, me),
    page,
    canRecalc: me.permissions.includes('fleet:home-reimbursement:manage'),
    currency: me.company.currency,
  };
}

type Job = 'monthly-invoices' | 'home-reimbursements' | 'warehouse-sync';

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:jobs');
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  if (form.get('intent') === 'recalc') {
    if (!me.permissions.includes('fleet:home-reimbursement:manage')) return forbidden(me);
    const json = { year: Number(form.get('year')), month: Number(form.get('month')) };
    const res = await api.send(api.client.api.settings.recalc['home-reimbursements'].$post({ json }));
    if (res.ok) return { run: null, recalc: res.data, error: null };
    if (res.status === 403) must(res, me);
    return { run: null, recalc: null, error: res.error['error-msg'] || null };
  }
  const period = String(form.get('period') ?? '');
  const body = { json: MONTH.test(period) ? { period } : {} };
  const job = form.get('job');
  const res = await api.send(
    job === 'warehouse-sync'
      ? api.client.api.jobs['warehouse-sync'].run.$post()
      : job === 'home-reimbursements'
        ? api.client.api.jobs['home-reimbursements'].run.$post(body)
        : api.client.api.jobs['monthly-invoices'].run.$post(body),
  );
  if (res.ok) return { run: res.data, recalc: null, error: null };
  if (res.status === 403) must(res, me);
  return { run: null, recalc: null, error: res.error['error-msg'] || null };
}

/** The month before this one, as the month picker's default. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export default function JobRuns() {
  const { t } = useTranslation();
  const { runs, page, canRecalc, currency } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const recalcFetcher = useFetcher<typeof action>();
  const recalcAnswer = recalcFetcher.data;
  useOutcomeToast(recalcAnswer, recalcAnswer?.error ? { text: recalcAnswer.error, error: true } : null);
  const [job, setJob] = useState<Job>('monthly-invoices');
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState(lastMonth);
  const answer = fetcher.data;
  const live = answer?.run ?? null;
  const running = live?.status === 'running';
  useOutcomeToast(answer, answer?.error ? { text: answer.error, error: true } : null);

  // Poll: post again while the run goes on; reload the list once when it ends.
  const { submit, state } = fetcher;
  const { revalidate } = revalidator;
  const reloaded = useRef<unknown>(null);
  useEffect(() => {
    if (!live || state !== 'idle') return;
    if (live.status !== 'running') {
      if (reloaded.current !== live) {
        reloaded.current = live;
        revalidate();
      }
      return;
    }
    const id = setTimeout(() => submit({ period: live.period, job: live.job }, { method: 'post' }), 2_000);
    return () => clearTimeout(id);
  }, [live, state, submit, revalidate]);

  const start = () => {
    setOpen(false);
    fetcher.submit({ period, job }, { method: 'post' });
  };
  const ask = (j: Job) => {
    setJob(j);
    setOpen(true);
  };
  const jobName = (name: string) =>
    name === 'monthly-invoices'
      ? t('billingJobs.jobs.jobMonthlyInvoices')
      : name === 'home-reimbursements'
        ? t('reimbursementJobs.jobs.jobName')
        : name === 'fault-tickets'
          ? t('uptime.jobName')
          : name === 'warehouse-sync'
            ? t('billingJobs.jobs.jobWarehouseSync')
            : name === 'revenue-reports'
              ? t('revenueReports.jobName')
              : name;
  const statusBadge = (s: 'running' | 'done' | 'failed') => (
    <Badge tone={s === 'done' ? 'success' : s === 'failed' ? 'critical' : 'attention'}>
      {t(`billingJobs.jobs.${s}`)}
    </Badge>
  );
  const pages = Math.ceil(runs.total / PAGE_SIZE);
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };

  return (
    <Page
      title={t('billingJobs.jobs.title')}
      primaryAction={{
        content: t('billingJobs.jobs.runMonthly'),
        onAction: () => ask('monthly-invoices'),
        loading: fetcher.state !== 'idle' || running,
      }}
      secondaryActions={[
        {
          content: t('reimbursementJobs.jobs.run'),
          onAction: () => ask('home-reimbursements'),
          disabled: fetcher.state !== 'idle' || running,
        },
        {
          // Not tied to a month and undoable (it only copies): no confirmation (ADR 052).
          content: t('billingJobs.jobs.runWarehouse'),
          onAction: () => fetcher.submit({ job: 'warehouse-sync' }, { method: 'post' }),
          disabled: fetcher.state !== 'idle' || running,
        },
      ]}
    >
      <BlockStack gap="400">
        {live && running ? (
          <Card>
            <BlockStack gap="200">
              <Text as="p">
                {jobName(live.job)} {live.period} ·{' '}
                {live.job === 'home-reimbursements'
                  ? t('reimbursementJobs.jobs.progress', { processed: live.processed, total: live.total ?? '—' })
                  : t('billingJobs.jobs.progress', { processed: live.processed, total: live.total ?? '—' })}
              </Text>
              <ProgressBar progress={live.total ? Math.min(100, Math.round((100 * live.processed) / live.total)) : 0} />
            </BlockStack>
          </Card>
        ) : null}
        <Card padding="0">
          <IndexTable
            resourceName={{ singular: t('billingJobs.jobs.title'), plural: t('billingJobs.jobs.title') }}
            itemCount={runs.data.length}
            selectable={false}
            emptyState={
              <EmptyState heading={t('billingJobs.jobs.emptyTitle')} image="">
                <p>{t('billingJobs.jobs.emptyBody')}</p>
              </EmptyState>
            }
            headings={[
              { title: t('billingJobs.jobs.colJob') },
              { title: t('billingJobs.jobs.colPeriod') },
              { title: t('billingJobs.jobs.colStatus') },
              { title: t('billingJobs.jobs.colProgress') },
              { title: t('billingJobs.jobs.colChunks') },
              { title: t('billingJobs.jobs.colStarted') },
              { title: t('billingJobs.jobs.colFinished') },
              { title: t('billingJobs.jobs.colError') },
            ]}
          >
            {runs.data.map((r, i) => (
              <IndexTable.Row id={String(r.id)} key={r.id} position={i}>
                <IndexTable.Cell>{jobName(r.job)}</IndexTable.Cell>
                <IndexTable.Cell>{r.period}</IndexTable.Cell>
                <IndexTable.Cell>{statusBadge(r.status)}</IndexTable.Cell>
                <IndexTable.Cell>
                  {r.processed} / {r.total ?? '—'}
                </IndexTable.Cell>
                <IndexTable.Cell>{r.chunks}</IndexTable.Cell>
                <IndexTable.Cell>{formatDateTime(r.started_at)}</IndexTable.Cell>
                <IndexTable.Cell>{r.finished_at ? formatDateTime(r.finished_at) : '—'}</IndexTable.Cell>
                <IndexTable.Cell>{r.error ?? ''}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </Card>
        {canRecalc ? (
          <RecalcCard fetcher={recalcFetcher as never} answer={recalcAnswer?.recalc ?? null} currency={currency} />
        ) : null}
        {pages > 1 ? (
          <Pagination
            hasPrevious={page > 0}
            onPrevious={() => goTo(page - 1)}
            hasNext={page + 1 < pages}
            onNext={() => goTo(page + 1)}
            label={t('billingJobs.jobs.count', { count: runs.total })}
          />
        ) : null}
      </BlockStack>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={
          job === 'home-reimbursements'
            ? t('reimbursementJobs.jobs.confirmTitle', { period })
            : t('billingJobs.jobs.confirmTitle', { period })
        }
        primaryAction={{ content: t('billingJobs.jobs.confirm'), onAction: start, disabled: !MONTH.test(period) }}
        secondaryActions={[{ content: t('billingJobs.jobs.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <TextField
              label={t('billingJobs.jobs.month')}
              type="month"
              value={period}
              onChange={setPeriod}
              autoComplete="off"
              error={MONTH.test(period) ? undefined : t('billingJobs.errors.periodInvalid')}
            />
            <Text as="p">
              {job === 'home-reimbursements'
                ? t('reimbursementJobs.jobs.confirmBody')
                : t('billingJobs.jobs.confirmBody')}
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
