/** @module The back office's navigation, each entry gated by one Permission. */
import { type AccessContext, can, type Permission } from './permissions';
import { effectiveRoles, ROLE } from './roles';

/** The support agents' landing: find a connector, then its `/connectors/{id}/support` page. */
export const SUPPORT_LANDING = '/connectors/support';

/** The news feed (issue 20 part 8): in everyone's navigation, so it is never where a user lands. */
export const NEWS_PAGE = '/fleet/news';

export interface NavItem {
  /** i18n key of the label. */
  label: string;
  url: string;
  permission: Permission;
  /**
   * The area is not built yet (other issues build it): hidden from the navigation, and a direct
   * visit says so (app/routes/_app.$.tsx). Remove the flag in the change that builds the page.
   */
  planned?: true;
}

export interface NavSection {
  id: string;
  label: string;
  items: NavItem[];
}

export const NAVIGATION: readonly NavSection[] = [
  {
    id: 'connectors',
    label: 'nav.connectors',
    items: [
      { label: 'nav.overview', url: '/connectors/overview', permission: 'connectors:view' },
      { label: 'nav.kpi', url: '/connectors/kpi', permission: 'connectors:view' },
      { label: 'uptime.nav', url: '/connectors/uptime', permission: 'uptime:view' },
      { label: 'nav.connectorList', url: '/connectors/list', permission: 'connectors:view' },
      { label: 'network.stations.title', url: '/connectors/stations', permission: 'connectors:view' },
      { label: 'nav.networkStatus', url: '/connectors/network-status', permission: 'connectors:view' },
      { label: 'nav.sessions', url: '/connectors/sessions', permission: 'connectors:view' },
      { label: 'nav.connectorGroups', url: '/connectors/groups', permission: 'connectors:view' },
      { label: 'groups.nav.locations', url: '/connectors/locations', permission: 'connectors:view' },
      { label: 'groups.nav.support', url: SUPPORT_LANDING, permission: 'connectors:support' },
      { label: 'nav.customerServiceLogs', url: '/connectors/customer-service-logs', permission: 'connectors:logs' },
      { label: 'nav.economics', url: '/connectors/economics', permission: 'connectors:view' },
      { label: 'nav.onboardStation', url: '/connectors/onboard-station', permission: 'stations:onboard' },
      { label: 'onboarding.move.title', url: '/connectors/move-stations', permission: 'stations:move' },
      { label: 'nav.simConnectivity', url: '/connectors/sim-connectivity', permission: 'sim:view', planned: true },
      { label: 'nav.peerings', url: '/connectors/peerings', permission: 'roaming:manage' },
    ],
  },
  {
    id: 'maintenance',
    label: 'nav.maintenance',
    items: [
      { label: 'nav.maintainerOverview', url: '/maintainer/overview', permission: 'maintenance:view' },
      { label: 'nav.tickets', url: '/tickets/list', permission: 'tickets:manage', planned: true },
    ],
  },
  {
    id: 'tariffs',
    label: 'nav.tariffs',
    items: [{ label: 'nav.tariffs', url: '/tariffs/type/cpo', permission: 'tariffs:view' }],
  },
  {
    id: 'fleet',
    label: 'nav.fleet',
    items: [
      { label: 'nav.fleetOverview', url: '/fleet/overview', permission: 'fleet:view' },
      { label: 'nav.fleetUsers', url: '/fleet/users', permission: 'fleet:view' },
      { label: 'nav.corporateGroups', url: '/fleet/corporate-groups', permission: 'fleet:view' },
      { label: 'nav.fleetSessions', url: '/fleet/sessions', permission: 'fleet:view' },
      { label: 'nav.privateUsers', url: '/fleet/users/private', permission: 'fleet:private-users' },
      { label: 'subscriptions.nav', url: '/fleet/users/subscriptions', permission: 'fleet:subscriptions' },
      { label: 'nav.keyHangers', url: '/fleet/key-hangers', permission: 'fleet:key-hangers' },
      { label: 'nav.vehicles', url: '/fleet/vehicles', permission: 'fleet:vehicles' },
      { label: 'billingJobs.invoices.title', url: '/fleet/invoices', permission: 'fleet:invoices' },
      {
        label: 'nav.homeReimbursement',
        url: '/fleet/home-reimbursement',
        permission: 'fleet:home-reimbursement',
      },
      // Every logged-in user reads their company's news; admins (news:manage) also publish there.
      { label: 'news.nav', url: NEWS_PAGE, permission: 'session:basic' },
    ],
  },
  {
    id: 'customers',
    label: 'nav.customers',
    items: [
      { label: 'nav.customerGroups', url: '/customer-group', permission: 'customer-groups:manage' },
      { label: 'nav.companyGroups', url: '/company-groups', permission: 'company-groups:manage' },
    ],
  },
  {
    id: 'reports',
    label: 'nav.reports',
    items: [
      { label: 'nav.dashboards', url: '/dashboard/main', permission: 'reports:dashboards' },
      { label: 'revenueReports.nav', url: '/reports/revenue', permission: 'reports:revenue' },
    ],
  },
  {
    id: 'billing',
    label: 'nav.billing',
    items: [
      { label: 'nav.stripeCustomers', url: '/stripe/customers', permission: 'billing:customers' },
      { label: 'nav.stripeProducts', url: '/stripe/products', permission: 'billing:admin' },
      { label: 'nav.stripePrices', url: '/stripe/prices', permission: 'billing:admin' },
      { label: 'nav.stripeTaxRates', url: '/stripe/tax-rate', permission: 'billing:admin' },
      { label: 'nav.stripeCoupons', url: '/stripe/coupons', permission: 'billing:admin' },
      { label: 'billingCatalogue.navOneTimeProducts', url: '/stripe/one-time-products', permission: 'billing:admin' },
      { label: 'nav.stripeInvoices', url: '/stripe/invoices', permission: 'billing:admin' },
      { label: 'billingInvoices.reportsTitle', url: '/invoice/reports', permission: 'billing:admin' },
      { label: 'billingInvoices.subsTitle', url: '/stripe/subscriptions', permission: 'billing:admin' },
      // wallets:company alone (a fleet company's admins) is sent on to its company's page by /wallet.
      { label: 'nav.wallets', url: '/wallet', permission: 'wallets:view' },
      { label: 'cpoInvoices.nav', url: '/cpo-invoices/list', permission: 'billing:cpo-invoices' },
      { label: 'billingWebhooks.nav', url: '/stripe/webhooks', permission: 'billing:admin' },
      { label: 'billingJobs.jobs.title', url: '/jobs', permission: 'billing:jobs' },
    ],
  },
  {
    id: 'personal',
    label: 'nav.personal',
    items: [
      // A private user's start page until their overview exists: their profile and personal data.
      { label: 'profile.title', url: '/my-profile', permission: 'personal:self-charge' },
      { label: 'walletTopUps.myTransactions', url: '/my-transactions', permission: 'personal:self-charge' },
      // An employee's home charging reimbursements and Stripe payout account (issue 19).
      {
        label: 'reimbursementPayouts.title',
        url: '/stripe-home-reimbursement',
        permission: 'personal:home-reimbursement',
      },
      { label: 'nav.myOverview', url: '/my-overview', permission: 'personal:self-charge' },
      { label: 'nav.mySessions', url: '/my-sessions', permission: 'personal:self-charge' },
      { label: 'nav.myInvoices', url: '/my-invoices', permission: 'personal:self-charge' },
      { label: 'nav.myStations', url: '/my-stations', permission: 'personal:self-charge' },
    ],
  },
  {
    id: 'administration',
    label: 'nav.administration',
    items: [
      { label: 'nav.companies', url: '/overview', permission: 'companies:manage' },
      { label: 'nav.companySettings', url: '/settings', permission: 'company:settings' },
      { label: 'backofficeStaff.title', url: '/backoffice', permission: 'backoffice-users:manage' },
      { label: 'apiKeys.nav', url: '/settings/api-keys', permission: 'company:api-keys' },
    ],
  },
];

/** The navigation without the planned areas: what any user can be shown. */
export const BUILT_NAVIGATION: readonly NavSection[] = NAVIGATION.map((s) => ({
  ...s,
  items: s.items.filter((i) => !i.planned),
})).filter((s) => s.items.length > 0);

/** The built sections and items this user may see; sections with no visible item are dropped. */
export function navigationFor(ctx: AccessContext): NavSection[] {
  return BUILT_NAVIGATION.map((s) => ({ ...s, items: s.items.filter((i) => can(ctx, i.permission)) })).filter(
    (s) => s.items.length > 0,
  );
}

/**
 * Where a user lands after login: a support agent (role 52) on the connector support search ("support
 * agents are sent to the support page of a connector", spec section 6), others on the connectors
 * overview if allowed, else the first area they may see (news aside: everyone may see it).
 */
export function landingPath(ctx: AccessContext): string {
  if (effectiveRoles(ctx.roles).includes(ROLE.SUPPORT_AGENT) && can(ctx, 'connectors:support')) return SUPPORT_LANDING;
  const first = navigationFor(ctx)
    .flatMap((s) => s.items)
    .find((i) => i.url !== NEWS_PAGE);
  return first?.url ?? '/welcome';
}
