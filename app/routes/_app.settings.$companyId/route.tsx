/**
 * @module /settings/{companyId}: a company's settings in tabs (spec section 2). General, roles and
 * services, and group labels are saved with one API call each; the tabs the product has no data for yet
 * say so. Companies outside the caller's scope are the not-found page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import { BlockStack, Card, Page, Tabs } from '@shopify/polaris';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralTab } from '../../components/company-settings/general-tab';
import { GroupLabelsTab } from '../../components/company-settings/group-labels-tab';
import { NotAvailableTab } from '../../components/company-settings/not-available-tab';
import { ServicesTab } from '../../components/company-settings/services-tab';
import { useFeedback } from '../../components/feedback';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { readSettings, type SettingsActionData, saveTab } from './settings.server';

const TABS = [
  'general',
  'services',
  'labels',
  'economics',
  'reports',
  'graphics',
  'app',
  'invoice',
  'notifications',
] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  general: 'companySettings.tabGeneral',
  services: 'companySettings.tabServices',
  labels: 'companySettings.tabLabels',
  economics: 'companySettings.tabEconomics',
  reports: 'companySettings.tabReports',
  graphics: 'companySettings.tabGraphics',
  app: 'companySettings.tabApp',
  invoice: 'companySettings.tabInvoice',
  notifications: 'companySettings.tabNotifications',
};

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companySettings.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { settings } = await readSettings(request, context, params.companyId ?? '');
  return { settings };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const saved = await saveTab(request, context, params.companyId ?? '');
  return data(saved.data, { status: saved.status });
}

export default function CompanySettingsPage() {
  const { t } = useTranslation();
  const { settings } = useLoaderData<typeof loader>();
  const result = useActionData<SettingsActionData>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { flash } = useFeedback();
  const current = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'general';

  useEffect(() => {
    if (result?.toast) flash(result.toast);
  }, [result, flash]);

  const failed = result && result.tab === current && result.error !== undefined ? result : undefined;
  const body = (() => {
    if (current === 'general') return <GeneralTab key={settings.id} settings={settings} failed={failed} />;
    if (current === 'services') return <ServicesTab key={settings.id} settings={settings} failed={failed} />;
    if (current === 'labels') return <GroupLabelsTab key={settings.id} settings={settings} failed={failed} />;
    return <NotAvailableTab tab={tKey(t, TAB_LABEL[current])} />;
  })();

  return (
    <Page title={t('companySettings.title')} subtitle={settings.general.name}>
      <BlockStack gap="400">
        <Card padding="0">
          <Tabs
            tabs={TABS.map((id) => ({ id, content: tKey(t, TAB_LABEL[id]) }))}
            selected={TABS.indexOf(current)}
            onSelect={(i) => navigate(`?tab=${TABS[i]}`, { preventScrollReset: true })}
          />
        </Card>
        {body}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
