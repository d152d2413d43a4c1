/** @module /customer-group/{userGroupId}/sessions/list: sessions started by the group's members, in the provider variant. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { readState, writeState } from '../../components/sessions/list-state';
import { loadSessions } from '../../components/sessions/load.server';
import { SessionList } from '../../components/sessions/session-list';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const id = Number(params.userGroupId);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const api = createApi(request, context);
  const group = await api.send(api.client.api['customer-type'][':id'].$get({ param: { id: String(id) } }));
  if (!group.ok) {
    if (group.status === 403) forbidden(me, group.error['error-msg']);
    throw data({ message: group.error['error-msg'] }, { status: group.status });
  }
  const state = readState(new URL(request.url));
  const page = await loadSessions(request, context, me, { kind: 'customer-group', id }, state);
  return { id, page, state, name: group.data.data.name, language: me.user.language };
}

export default function CustomerGroupSessions() {
  const { t } = useTranslation();
  const { id, page, state, name, language } = useLoaderData<typeof loader>();
  const title = t('customerGroups.sessionsTitle', { name });
  // The export asks the same API call with the same filters and sort, so the file is the list on screen.
  const exportQuery = writeState({ ...state, variant: page.variant });
  exportQuery.set('scope', 'customer-group');
  exportQuery.set('customer_group', String(id));
  return (
    <Page
      title={title}
      subtitle={t('customerGroups.sessionsSubtitle')}
      backAction={{ content: t('customerGroups.back'), url: '/customer-group' }}
      secondaryActions={[{ content: t('customerGroups.form.edit'), url: `/customer-group/${id}/edit` }]}
      fullWidth
    >
      <SessionList title={title} page={page} state={state} language={language} exportQuery={exportQuery} />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
