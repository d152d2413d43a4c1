/**
 * @module /fleet/home-reimbursement/documents/{type}/{userId} (spec section 2, issue 19 part 3): one
 * employee's power contracts or meter readings, reviewed and deleted by a manager.
 */
import { typeSlug } from '@domain/reimbursement/documents';
import type { MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useListUrl } from '../../components/lists/use-list-url';
import { DocumentList, documentsUrl } from '../../components/reimbursement/document-list';
import { documentsAction, documentsLoader } from '../../components/reimbursement/documents.server';
import { useDocumentsToast } from '../../components/reimbursement/documents-toast';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { displayName } from '../../lib/display-name';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursementDocuments.title');

export const loader = documentsLoader;
export const action = documentsAction;

export default function UserReimbursementDocuments() {
  const { t } = useTranslation();
  const { type, userId, rows, total, state, canManage } = useLoaderData<typeof loader>();
  useDocumentsToast(useActionData<typeof action>());
  const list = useListUrl(state, documentsUrl.write);
  const user = rows[0]?.user;
  const name = user
    ? displayName({ email: user.email, firstName: user.first_name, lastName: user.last_name })
    : `#${userId}`;
  return (
    <Page
      title={t('reimbursementDocuments.userTitle', { name })}
      subtitle={t(
        type === 'power_contract' ? 'reimbursementDocuments.titleContracts' : 'reimbursementDocuments.titleReadings',
      )}
      backAction={{
        content: t('reimbursementDocuments.allDocuments'),
        url: `/fleet/home-reimbursement/documents/${typeSlug(type)}`,
      }}
      fullWidth
    >
      <DocumentList type={type} userId={userId} list={list} rows={rows} total={total} canManage={canManage} />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
