/** @module The graphic customisation, mobile app customisation or reports tab, from the data the loader read for it. */
import type { BrandingTabData } from '../../routes/_app.settings.$companyId/branding-tabs.server';
import { AppCustomizationTab } from './app-customization-tab';
import { GraphicsTab } from './graphics-tab';
import { ReportsTab } from './reports-tab';
import type { TabProps } from './tab-form';

export function BrandingTab({ data, failed }: TabProps & { data: BrandingTabData }) {
  if (data.tab === 'graphics')
    return <GraphicsTab key={data.branding.company_id} branding={data.branding} failed={failed} />;
  if (data.tab === 'app')
    return (
      <AppCustomizationTab
        key={data.app.company_id}
        app={data.app}
        canEditCatalog={data.canEditCatalog}
        failed={failed}
      />
    );
  return <ReportsTab key={data.reports.company_id} reports={data.reports} failed={failed} />;
}
