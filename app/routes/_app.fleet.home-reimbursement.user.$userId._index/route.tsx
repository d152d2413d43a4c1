/**
 * @module /fleet/home-reimbursement/user/{userId} (spec section 2, issue 19 part 6): one employee's months
 * (filters, paging, bulk Approve / Reject for those who manage) and their home stations card.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, InlineStack, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { DeletePayoutAccountButton } from '../../components/reimbursement/delete-payout-account-button';
import { HomeStationsCard } from '../../components/reimbursement/home-stations-card';
import { ReimbursementList } from '../../components/reimbursement/reimbursement-list';
import { bulkFromForm, loadReimbursementPage } from '../../components/reimbursement/reimbursement-list.server';
import { personName } from '../../components/reimbursement/reimbursement-types';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { fleetId } from '../../lib/fleet.server';
import { loadHomeStations } from '../../lib/home-stations.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursements.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const userId = fleetId(params.userId);
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  // The stations call answers 404 for a user outside the scope: the page is then the not-found page.
  const [stations, page] = await Promise.all([
    loadHomeStations(request, context, userId),
    loadReimbursementPage(request, context, me, userId),
  ]);
  return {
    userId,
    stations,
    ...page,
    canManage: me.permissions.includes('fleet:home-reimbursement:manage'),
    canDeleteAccount: me.permissions.includes('payout-accounts:delete'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  return bulkFromForm(request, context, me, await request.formData());
}

export default function EmployeeReimbursements() {
  const { t } = useTranslation();
  const { userId, stations, state, rows, total, totals, canManage, canDeleteAccount } = useLoaderData<typeof loader>();
  const first = rows[0];
  const name = first ? personName(first.user) : `#${userId}`;
  return (
    <Page
      title={t('reimbursements.employeeTitle', { name })}
      backAction={{ content: t('reimbursements.title'), url: '/fleet/home-reimbursement' }}
      fullWidth
    >
      <BlockStack gap="400">
        {canDeleteAccount ? (
          <InlineStack align="end">
            <DeletePayoutAccountButton userId={userId} />
          </InlineStack>
        ) : null}
        <HomeStationsCard userId={userId} stations={stations} canEdit={canManage} />
        <ReimbursementList
          state={state}
          rows={rows}
          total={total}
          totals={totals}
          showUser={false}
          canManage={canManage}
          href={(r) => `/fleet/home-reimbursement/user/${userId}/${r.id}`}
        />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
