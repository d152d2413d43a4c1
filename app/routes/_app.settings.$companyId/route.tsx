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
import { BrandingTab } from '../../components/company-settings/branding-tab';
import { CompanyTab } from '../../components/company-settings/company-tab';
import { GeneralTab } from '../../components/company-settings/general-tab';
import { GroupLabelsTab } from '../../components/company-settings/group-labels-tab';
import { HomeReimbursementTab } from '../../components/company-settings/home-reimbursement-tab';
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
  'reimbursement',
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
  reimbursement: 'reimbursementSettings.title',
  economics: 'companySettings.tabEconomics',
  reports: 'companySettings.tabReports',
  graphics: 'companySettings.tabGraphics',
  app: 'companySettings.tabApp',
  invoice: 'companySettings.tabInvoice',
  notifications: 'companySettings.tabNotifications',
};

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companySettings.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { settings, reimbursement, canManageReimbursement, tabData, brandingData } = await readSettings(
    request,
    context,
    params.companyId ?? '',
  );
  return { settings, reimbursement, canManageReimbursement, tabData, brandingData };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const saved = await saveTab(request, context, params.companyId ?? '');
  return data(saved.data, { status: saved.status });
}

export default function CompanySettingsPage() {
  const { t } = useTranslation();
  const { settings, reimbursement, canManageReimbursement, tabData, brandingData } = useLoaderData<typeof loader>();
  // The home reimbursement tab only for a caller with 'fleet:home-reimbursement' (issue 19).
  const tabs = TABS.filter((id) => id !== 'reimbursement' || reimbursement !== null);
  const result = useActionData<SettingsActionData>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { flash } = useFeedback();
  const current = (tabs as readonly string[]).includes(params.get('tab') ?? '')
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
    if (current === 'reimbursement' && reimbursement)
      return (
        <HomeReimbursementTab
          key={settings.id}
          settings={reimbursement}
          canManage={canManageReimbursement}
          failed={failed}
        />
      );
    if (tabData?.tab === current) return <CompanyTab key={settings.id} data={tabData} failed={failed} />;
    if (brandingData?.tab === current) return <BrandingTab key={settings.id} data={brandingData} failed={failed} />;
    return <NotAvailableTab tab={tKey(t, TAB_LABEL[current])} />;
  })();

  return (
    <Page
      title={t('companySettings.title')}
      subtitle={settings.general.name}
      secondaryActions={[{ content: t('sso.settings.title'), url: `/settings/sso/${settings.id}` }]}
    >
      <BlockStack gap="400">
        <Card padding="0">
          <Tabs
            tabs={tabs.map((id) => ({ id, content: tKey(t, TAB_LABEL[id]) }))}
            selected={tabs.indexOf(current)}
            onSelect={(i) => navigate(`?tab=${tabs[i]}`, { preventScrollReset: true })}
          />
        </Card>
        {body}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
