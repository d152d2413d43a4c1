/** @module /connectors/sessions: sessions on the company tree's stations, in the variants the company may see. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const state = readState(new URL(request.url));
  const page = await loadSessions(request, context, me, { kind: 'network' }, state);
  return { page, state, company: me.company.name, language: me.user.language };
}

export default function NetworkSessions() {
  const { t } = useTranslation();
  const { page, state, company, language } = useLoaderData<typeof loader>();
  const exportQuery = writeState({ ...state, variant: page.variant });
  exportQuery.set('scope', 'network');
  return (
    <Page title={t('sessions.title')} subtitle={t('sessions.subtitle', { company })} fullWidth>
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
