/** @module The economics, invoice data or notification channels tab, from the data the loader read for it. */
import type { CompanyTabData } from '../../routes/_app.settings.$companyId/company-tabs.server';
import { EconomicsTab } from './economics-tab';
import { InvoiceDataTab } from './invoice-data-tab';
import { NotificationsTab } from './notifications-tab';
import type { TabProps } from './tab-form';

export function CompanyTab({ data, failed }: TabProps & { data: CompanyTabData }) {
  if (data.tab === 'economics')
    return <EconomicsTab key={data.economics.company_id} economics={data.economics} failed={failed} />;
  if (data.tab === 'invoice')
    return <InvoiceDataTab key={data.invoice.company_id} invoice={data.invoice} failed={failed} />;
  return <NotificationsTab key={data.notifications.company_id} notifications={data.notifications} failed={failed} />;
}
