/** @module Who holds each Permission: one rule per permission (roles, service settings, company kind), and `can`, which applies them. */

import type { AccessContext, CompanyKind } from './permissions';
import { effectiveRoles, ROLE, type RoleId } from './roles';
import { HOME_REIMBURSEMENT_SETTINGS, SERVICE, type ServiceSettingId } from './service-settings';

export type Rule = {
  /** Any one of these roles grants it (after the maintenance-only override). */
  roles: readonly RoleId[];
  /** Every one of these service settings must be on. */
  services?: readonly ServiceSettingId[];
  /** At least one of these service settings must be on. */
  anyService?: readonly ServiceSettingId[];
  company?: (kind: CompanyKind) => boolean;
  /** A further condition on the whole context, for rules that differ per role or read a user list. */
  check?: (ctx: AccessContext) => boolean;
};

const ADMINS = [ROLE.ADMINISTRATIVE_SERVICES, ROLE.SUPER_USER, ROLE.SUPER_USER_OPERATOR] as const;
const SUPER = [ROLE.SUPER_USER, ROLE.SUPER_USER_OPERATOR] as const;
const operates = (k: CompanyKind) => k.cpms !== null || k.isSubcpo || k.isLifestyle;
const fleet = (k: CompanyKind) => k.isEvfleet;
const MAINTAINERS = [
  ROLE.MAINTENANCE_ONLY,
  ROLE.ADVANCED_MAINTENANCE,
  ROLE.BASIC_MAINTENANCE,
  ROLE.SUPERVISION_ASSISTANCE,
] as const;

/**
 * The operator invoice board (/cpo-invoices): super users (50, 51), the payment provider admin (42)
 * of the platform's top operating company, and the CPO invoice managers, a fixed user-id list (spec
 * section 6) set by CPO_INVOICE_MANAGER_IDS (`isListedUser`).
 */
function cpoInvoiceManager(ctx: AccessContext): boolean {
  const roles = effectiveRoles(ctx.roles);
  if (roles.some((r) => (SUPER as readonly number[]).includes(r))) return true;
  if (roles.includes(ROLE.PAYMENT_PROVIDER_ADMIN) && ctx.company.isTop === true && operates(ctx.company)) return true;
  return ctx.lists?.includes('cpo-invoice-manager') ?? false;
}

export const RULES = {
  /** Any logged-in user: welcome, profile, tutorials. */
  'session:basic': { roles: [] },
  'connectors:view': {
    roles: [
      ...ADMINS,
      ...MAINTAINERS,
      ROLE.CHARGING_POINT_MANAGER_VIEW,
      ROLE.CHARGING_POINT_MANAGER_ONBOARD,
      ROLE.SUPPORT_AGENT,
      ROLE.ENGINEER,
    ],
    company: operates,
  },
  'connectors:support': { roles: [...ADMINS, ROLE.SUPPORT_AGENT, ROLE.SUPERVISION_ASSISTANCE], company: operates },
  'connectors:command:basic': { roles: [...ADMINS, ...MAINTAINERS], company: operates },
  'connectors:command:advanced': {
    roles: [...ADMINS, ROLE.MAINTENANCE_ONLY, ROLE.ADVANCED_MAINTENANCE],
    company: operates,
  },
  'connectors:logs': {
    roles: [...ADMINS, ...MAINTAINERS, ROLE.SUPPORT_AGENT, ROLE.ENGINEER],
    company: operates,
  },
  /** Station detail update (spec: station update screen); same operators who may command advanced, plus onboarding. */
  'stations:edit': {
    roles: [...ADMINS, ROLE.MAINTENANCE_ONLY, ROLE.ADVANCED_MAINTENANCE, ROLE.CHARGING_POINT_MANAGER_ONBOARD],
    company: operates,
  },
  'stations:onboard': {
    roles: [...ADMINS, ROLE.CHARGING_POINT_MANAGER_ONBOARD],
    services: [SERVICE.ONBOARD_STATIONS],
    company: operates,
  },
  /** Offline stations (never connected): onboarding plus service setting 27. */
  'stations:onboard:offline': {
    roles: [...ADMINS, ROLE.CHARGING_POINT_MANAGER_ONBOARD],
    services: [SERVICE.ONBOARD_STATIONS, SERVICE.OFFLINE_STATIONS],
    company: operates,
  },
  /** Moving stations between companies of the tree changes who operates them: administrators only (ADR 025). */
  'stations:move': { roles: ADMINS, company: operates },
  /** Hiding takes a station out of lists and map; who edits stations may hide, only administrators unhide (ADR 025). */
  'stations:hide': {
    roles: [...ADMINS, ROLE.MAINTENANCE_ONLY, ROLE.ADVANCED_MAINTENANCE, ROLE.CHARGING_POINT_MANAGER_ONBOARD],
    company: operates,
  },
  'stations:unhide': { roles: ADMINS, company: operates },
  'maintenance:view': {
    roles: [...ADMINS, ...MAINTAINERS, ROLE.CHARGING_POINT_MANAGER_VIEW],
    services: [SERVICE.MAINTENANCE],
    company: operates,
  },
  'tickets:manage': {
    roles: [...ADMINS, ...MAINTAINERS, ROLE.SUPPORT_AGENT],
    services: [SERVICE.TICKET_SYSTEM],
  },
  'tariffs:view': {
    roles: [...ADMINS, ROLE.CHARGING_POINT_MANAGER_VIEW, ROLE.CHARGING_POINT_MANAGER_ONBOARD],
    company: operates,
  },
  'tariffs:manage': { roles: [...ADMINS, ROLE.CHARGING_POINT_MANAGER_ONBOARD], company: operates },
  'tariffs:approve': { roles: ADMINS, company: operates },
  'sessions:engineer-graphs': { roles: [...ADMINS, ROLE.ENGINEER] },
  'sim:view': {
    roles: [...ADMINS, ROLE.ADVANCED_MAINTENANCE, ROLE.SUPERVISION_ASSISTANCE],
    company: operates,
  },
  'roaming:manage': { roles: ADMINS, company: operates },
  'fleet:view': {
    roles: [
      ...ADMINS,
      ROLE.FLEET_MANAGER_VIEW,
      ROLE.FLEET_MANAGER_MANAGE_USERS,
      ROLE.RFID_MANAGEMENT,
      ROLE.VEHICLE_CHARGING_RIGHTS,
    ],
    company: fleet,
  },
  /**
   * The fleet user export (every user's e-mail, plate, employee number and cost centre at once): fleet
   * managers (31, 35) and administrators. RFID management (59) and vehicle charging rights (60) see
   * the fleet for their own task but get no export: least privilege (issue 24).
   */
  'fleet:users:export': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_VIEW, ROLE.FLEET_MANAGER_MANAGE_USERS],
    company: fleet,
  },
  'fleet:users:manage': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_MANAGE_USERS],
    services: [SERVICE.MANAGE_USERS],
    company: fleet,
  },
  'fleet:limits': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_MANAGE_USERS],
    services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS],
    company: fleet,
  },
  'fleet:private-users': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_VIEW, ROLE.FLEET_MANAGER_MANAGE_USERS],
    services: [SERVICE.PRIVATE_USER_LIST],
  },
  /** /fleet/users/subscriptions: subscription contracts (service setting 31). */
  'fleet:subscriptions': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_VIEW, ROLE.FLEET_MANAGER_MANAGE_USERS],
    services: [SERVICE.IONITY_SUBSCRIPTIONS],
    company: fleet,
  },
  'fleet:subscriptions:manage': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_MANAGE_USERS],
    services: [SERVICE.IONITY_SUBSCRIPTIONS],
    company: fleet,
  },
  'fleet:key-hangers': {
    roles: [...ADMINS, ROLE.RFID_MANAGEMENT],
    services: [SERVICE.KEY_HANGERS],
    company: fleet,
  },
  'fleet:vehicles': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_MANAGE_USERS, ROLE.VEHICLE_CHARGING_RIGHTS],
    services: [SERVICE.CAR_TELEMATICS],
    company: fleet,
  },
  'fleet:home-reimbursement': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_VIEW, ROLE.FLEET_MANAGER_MANAGE_USERS],
    anyService: HOME_REIMBURSEMENT_SETTINGS,
    company: fleet,
  },
  /**
   * Home reimbursement changes (issue 19): settings, approving tariffs and documents, approving,
   * rejecting and paying reimbursements, recalculating a month. Viewers (role 33) only read.
   */
  'fleet:home-reimbursement:manage': {
    roles: [...ADMINS, ROLE.FLEET_MANAGER_MANAGE_USERS],
    anyService: HOME_REIMBURSEMENT_SETTINGS,
    company: fleet,
  },
  /** DELETE /stripe/account/user/{userId}: an employee's payout account (issue 17 §7.2, issue 19): either manager. */
  'payout-accounts:delete': {
    roles: [],
    check: (ctx: AccessContext): boolean => can(ctx, 'fleet:home-reimbursement:manage') || can(ctx, 'billing:admin'),
  },
  'customer-groups:manage': { roles: ADMINS, company: (k) => k.empServices },
  'company-groups:manage': { roles: [...ADMINS, ROLE.NETWORK_MANAGER], services: [SERVICE.COMPANY_GROUPS] },
  /** Uptime (issue 21 part 5, ADR 054): the figures; excluded downtime and the fault-ticket threshold. */
  'uptime:view': {
    roles: [...ADMINS, ...MAINTAINERS, ROLE.CHARGING_POINT_MANAGER_VIEW, ROLE.NETWORK_MANAGER, ROLE.REPORT_MANAGER],
    company: operates,
  },
  'uptime:manage': { roles: [...ADMINS, ROLE.NETWORK_MANAGER, ROLE.ADVANCED_MAINTENANCE], company: operates },
  /** CO2 avoided (issue 21 part 4, ADR 053): a network's sessions (operators' managers) or a fleet's (fleet:view). */
  'co2:network': { roles: [...ADMINS, ROLE.NETWORK_MANAGER, ROLE.REPORT_MANAGER], company: operates },
  'co2:view': { roles: [], check: (ctx: AccessContext): boolean => can(ctx, 'co2:network') || can(ctx, 'fleet:view') },
  /** total-stats, total-local-stats, total-roaming-stats (spec 7.18; ADR 052): network and report managers (46, 47). */
  'reports:totals': { roles: [...ADMINS, ROLE.NETWORK_MANAGER, ROLE.REPORT_MANAGER], company: operates },
  /** The monthly and quarterly revenue PDFs (issue 21 part 6, ADR 056): listed, downloaded, generated now. */
  'reports:revenue': { roles: [...ADMINS, ROLE.NETWORK_MANAGER, ROLE.REPORT_MANAGER], company: operates },
  /** The dashboards (issue 21 part 2, ADR 055): built-in charts and the Metabase embed of an operating company. */
  'reports:dashboards': {
    roles: [...ADMINS, ROLE.REPORT_MANAGER],
    services: [SERVICE.METABASE_DASHBOARD],
    company: operates,
  },
  'billing:admin': {
    roles: [...SUPER, ROLE.PAYMENT_PROVIDER_ADMIN],
    anyService: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING, SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING],
  },
  /** /stripe/onboard: the operator's Stripe Connect onboarding, account and payouts (setting 30). */
  'billing:onboarding': {
    roles: [...SUPER, ROLE.PAYMENT_PROVIDER_ADMIN],
    services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING],
  },
  /** /stripe/customers: billed companies' customers and payment methods (setting 35). */
  'billing:customers': {
    roles: [...SUPER, ROLE.PAYMENT_PROVIDER_ADMIN],
    services: [SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING],
  },
  'billing:cpo-invoices': { roles: [], check: cpoInvoiceManager },
  /** /jobs: the job-runs page and the monthly invoice job triggered by hand (issue 17 part 10). */
  'billing:jobs': { roles: [...SUPER, ROLE.PAYMENT_PROVIDER_ADMIN] },
  /** /fleet/invoices: the fleet company's own usage invoices and their XLS (spec 001 7.5). */
  'fleet:invoices': { roles: ADMINS, company: fleet },
  /** /wallet, /wallet/company/{id}, /wallet/create: every prepaid wallet of the companies in scope (issue 18). */
  'wallets:manage': { roles: [...SUPER, ROLE.PAYMENT_PROVIDER_ADMIN] },
  /** A fleet company's own wallet and its drivers' wallets: balances, ledger, top-up (issue 18). */
  'wallets:company': { roles: ADMINS, company: fleet },
  /** Reading wallets, their balances and ledgers, and exporting a ledger: either of the two above (issue 18). */
  'wallets:view': {
    roles: [],
    // Annotated: the body calls can(), whose type is read from RULES itself.
    check: (ctx: AccessContext): boolean => can(ctx, 'wallets:manage') || can(ctx, 'wallets:company'),
  },
  /**
   * Top-ups of a wallet (issue 18 part 2): whoever manages wallets, a fleet company's admins (their
   * company's wallets) and a private user (role 55, own wallet only); each route narrows the scope.
   */
  'wallets:top-up': {
    roles: [],
    check: (ctx: AccessContext): boolean => can(ctx, 'wallets:view') || can(ctx, 'personal:self-charge'),
  },
  'company:settings': { roles: ADMINS },
  /** API keys for integrators of the selected company or one in scope (issue 20 part 6, ADR 047); never grantable to a key. */
  'company:api-keys': { roles: ADMINS },
  /** /fleet/news (issue 20 part 8): publish, edit and delete the company's news; reading needs session:basic. */
  'news:manage': { roles: ADMINS },
  'backoffice-users:manage': { roles: ADMINS },
  'companies:manage': { roles: SUPER },
  /** /create-company/step-1..4 and POST /company (issue 20 part 1): super users, within their scope. */
  'company:create': { roles: SUPER },
  'personal:self-charge': { roles: [ROLE.SELF_CHARGE] },
  /** A fleet employee with home reimbursement (setting 25): their own stations, documents, tariffs, months, payout account. */
  'personal:home-reimbursement': { roles: [], services: [SERVICE.HOME_REIMBURSEMENT], company: fleet },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof RULES;
export const PERMISSIONS = Object.keys(RULES) as Permission[];

export function can(ctx: AccessContext, permission: Permission): boolean {
  const rule: Rule = RULES[permission];
  if (rule.roles.length > 0) {
    const roles = effectiveRoles(ctx.roles);
    if (!rule.roles.some((r) => roles.includes(r))) return false;
  }
  if (rule.services && !rule.services.every((s) => ctx.services.includes(s))) return false;
  if (rule.anyService && !rule.anyService.some((s) => ctx.services.includes(s))) return false;
  if (rule.company && !rule.company(ctx.company)) return false;
  if (rule.check && !rule.check(ctx)) return false;
  return true;
}

export function grantedPermissions(ctx: AccessContext): Permission[] {
  return PERMISSIONS.filter((p) => can(ctx, p));
}
