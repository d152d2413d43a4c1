/**
 * @module /fleet/home-reimbursement (spec section 2, issue 19 part 6): every reimbursement of the scope with
 * status, month and range filters, search by name / e-mail / employee number, totals per currency, paging, and
 * bulk Approve / Reject for those who manage; links to the tariffs and the power contracts pages.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ReimbursementList } from '../../components/reimbursement/reimbursement-list';
import { bulkFromForm, loadReimbursementPage } from '../../components/reimbursement/reimbursement-list.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursements.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const page = await loadReimbursementPage(request, context, me);
  return { ...page, canManage: me.permissions.includes('fleet:home-reimbursement:manage') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  return bulkFromForm(request, context, me, await request.formData());
}

export default function HomeReimbursements() {
  const { t } = useTranslation();
  const { state, rows, total, totals, canManage } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('reimbursements.title')}
      fullWidth
      secondaryActions={[
        { content: t('reimbursements.tariffs'), url: '/fleet/home-reimbursement/tariffs' },
        { content: t('reimbursements.powerContracts'), url: '/fleet/home-reimbursement/documents/power-contract' },
      ]}
    >
      <ReimbursementList
        state={state}
        rows={rows}
        total={total}
        totals={totals}
        showUser
        canManage={canManage}
        href={(r) => `/fleet/home-reimbursement/user/${r.userId}/${r.id}`}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
