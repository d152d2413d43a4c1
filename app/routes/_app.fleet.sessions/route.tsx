/** @module /fleet/sessions: the fleet's drivers' sessions at work, on public and roaming stations, at home. */
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

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'sessions.fleetTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const state = readState(new URL(request.url));
  const page = await loadSessions(request, context, me, { kind: 'fleet' }, state);
  return { page, state, company: me.company.name, language: me.user.language };
}

export default function FleetSessions() {
  const { t } = useTranslation();
  const { page, state, company, language } = useLoaderData<typeof loader>();
  const exportQuery = writeState({ ...state, variant: page.variant });
  exportQuery.set('scope', 'fleet');
  return (
    <Page title={t('sessions.fleetTitle')} subtitle={t('sessions.subtitle', { company })} fullWidth>
      <SessionList
        title={t('sessions.fleetTitle')}
        page={page}
        state={state}
        language={language}
        exportQuery={exportQuery}
        places
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
