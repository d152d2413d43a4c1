/**
 * @module /fleet/home-reimbursement (spec section 2, issue 19 part 6): every reimbursement of the scope with
 * status, month and range filters, search by name / e-mail / employee number, totals per currency, paging, and
 * bulk Approve / Reject for those who manage; links to the tariffs and the power contracts pages.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { BlockStack, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { RecalcCard } from '../../components/reimbursement/recalc-card';
import { ReimbursementList } from '../../components/reimbursement/reimbursement-list';
import { bulkFromForm, loadReimbursementPage } from '../../components/reimbursement/reimbursement-list.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursements.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const page = await loadReimbursementPage(request, context, me);
  return {
    ...page,
    canManage: me.permissions.includes('fleet:home-reimbursement:manage'),
    currency: me.company.currency,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  return bulkFromForm(request, context, me, await request.formData());
}

export default function HomeReimbursements() {
  const { t } = useTranslation();
  const { state, rows, total, totals, canManage, currency } = useLoaderData<typeof loader>();
  const recalc = useFetcher<{ recalc: Parameters<typeof RecalcCard>[0]['answer']; error: string | null }>();
  useOutcomeToast(recalc.data, recalc.data?.error ? { text: recalc.data.error, error: true } : null);
  return (
    <Page
      title={t('reimbursements.title')}
      fullWidth
      secondaryActions={[
        { content: t('reimbursements.tariffs'), url: '/fleet/home-reimbursement/tariffs' },
        { content: t('reimbursements.powerContracts'), url: '/fleet/home-reimbursement/documents/power-contract' },
      ]}
    >
      <BlockStack gap="400">
        <ReimbursementList
          state={state}
          rows={rows}
          total={total}
          totals={totals}
          showUser
          canManage={canManage}
          href={(r) => `/fleet/home-reimbursement/user/${r.userId}/${r.id}`}
        />
        {canManage ? (
          <RecalcCard
            fetcher={recalc as never}
            answer={recalc.data?.recalc ?? null}
            currency={currency}
            action="/fleet/home-reimbursement/recalc"
          />
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
