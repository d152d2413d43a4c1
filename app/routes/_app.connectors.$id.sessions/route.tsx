/** @module /connectors/{id}/sessions: the sessions of one connector of the company tree. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { readState, writeState } from '../../components/sessions/list-state';
import { loadSessions } from '../../components/sessions/load.server';
import { SessionList } from '../../components/sessions/session-list';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'sessions.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const state = readState(new URL(request.url));
  const page = await loadSessions(request, context, me, { kind: 'connector', id }, state);
  const evse = page.data.find((r) => r.connector_evse_id)?.connector_evse_id ?? String(id);
  return { page, state, id, evse: String(evse), company: me.company.name, language: me.user.language };
}

export default function ConnectorSessions() {
  const { t } = useTranslation();
  const { page, state, id, evse, company, language } = useLoaderData<typeof loader>();
  const exportQuery = writeState({ ...state, variant: page.variant });
  exportQuery.set('scope', 'connector');
  exportQuery.set('connector', String(id));
  return (
    <Page
      title={t('sessions.connectorTitle', { evse })}
      subtitle={t('sessions.subtitle', { company })}
      backAction={{ content: t('sessions.detail.back'), url: `/connectors/${id}/detail` }}
      fullWidth
    >
      <SessionList
        title={t('sessions.title')}
        page={page}
        state={state}
        language={language}
        exportQuery={exportQuery}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
