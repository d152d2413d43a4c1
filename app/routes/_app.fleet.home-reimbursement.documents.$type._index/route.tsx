/**
 * @module /fleet/home-reimbursement/documents/{type} (spec section 2, issue 19 part 3): the power contracts
 * or meter readings of the scope's employees, filtered, paged, reviewed and deleted by a manager.
 */
import type { MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useListUrl } from '../../components/lists/use-list-url';
import { DocumentList, documentsUrl } from '../../components/reimbursement/document-list';
import { documentsAction, documentsLoader } from '../../components/reimbursement/documents.server';
import { useDocumentsToast } from '../../components/reimbursement/documents-toast';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursementDocuments.title');

export const loader = documentsLoader;
export const action = documentsAction;

export default function ReimbursementDocuments() {
  const { t } = useTranslation();
  const { type, rows, total, state, canManage } = useLoaderData<typeof loader>();
  useDocumentsToast(useActionData<typeof action>());
  const list = useListUrl(state, documentsUrl.write);
  return (
    <Page
      title={t(
        type === 'power_contract' ? 'reimbursementDocuments.titleContracts' : 'reimbursementDocuments.titleReadings',
      )}
      backAction={{ content: t('reimbursementDocuments.title'), url: '/fleet/home-reimbursement' }}
      fullWidth
    >
      <DocumentList type={type} userId={null} list={list} rows={rows} total={total} canManage={canManage} />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
