/** @module Every API resource, mounted under /api. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';
import { activeSubscriptionRoutes } from './active-subscriptions/active-subscriptions.handlers';
import { apiKeyRoutes } from './api-keys/api-keys.handlers';
import { authRoutes } from './auth/auth.handlers';
import { backofficeRoutes } from './backoffice/backoffice.handlers';
import { caRoutes } from './ca/ca.handlers';
import { co2Routes } from './co2/co2.handlers';
import { companyRoutes } from './company/company.handlers';
import { companyGroupRoutes } from './company-groups/company-groups.handlers';
import { companySettingsRoutes } from './company-settings/company-settings.handlers';
import { connectorRoutes } from './connectors/connectors.handlers';
import { cpoInvoiceRoutes } from './cpo-invoices/cpo-invoices.handlers';
import { customerGroupRoutes } from './customer-groups/customer-groups.handlers';
import { dashboardRoutes } from './dashboard/dashboard.handlers';
import { devRoutes } from './dev/dev.handlers';
import { documentRoutes } from './documents/documents.handlers';
import { fleetReimbursementRoutes } from './fleet-reimbursement/fleet-reimbursement.handlers';
import { fleetSettingsRoutes } from './fleet-settings/fleet-settings.handlers';
import { gireveRoutes } from './gireve/gireve.handlers';
import { groupRoutes } from './groups/groups.handlers';
import { jobRoutes } from './jobs/jobs.handlers';
import { keyfobRoutes } from './keyfobs/keyfobs.handlers';
import { kpiRoutes } from './kpi/kpi.handlers';
import { locationRoutes } from './locations/locations.handlers';
import { siteLoadRoutes } from './locations/site-load.handlers';
import { maintenanceRoutes } from './maintenance/maintenance.handlers';
import { meRoutes } from './me/me.handlers';
import { metabaseRoutes } from './metabase/metabase.handlers';
import { myDataRoutes } from './my-data/my-data.handlers';
import { myInvoiceRoutes } from './my-invoices/my-invoices.handlers';
import { mySessionRoutes } from './my-sessions/my-sessions.handlers';
import { myStationRoutes } from './my-stations/my-stations.handlers';
import { myTransactionRoutes } from './my-transactions/my-transactions.handlers';
import { networkRoutes } from './network/network.handlers';
import { newsRoutes } from './news/news.handlers';
import { payRoutes } from './pay/pay.handlers';
import { peeringRoutes } from './peerings/peerings.handlers';
import { referenceRoutes } from './reference/reference.handlers';
import { reportingRoutes } from './reporting/reporting.handlers';
import { revenueReportRoutes } from './revenue-reports/revenue-reports.handlers';
import { roamingDetailsRoutes } from './roaming-details/roaming-details.handlers';
import { sessionRoutes } from './sessions/sessions.handlers';
import { stationFileRoutes } from './station-files/station-files.handlers';
import { stationRoutes } from './stations/stations.handlers';
import { stripeRoutes } from './stripe/stripe.handlers';
import { subscriptionContractRoutes } from './subscription-contracts/subscription-contracts.handlers';
import { systemRoutes } from './system/system.handlers';
import { tariffRoutes } from './tariffs/tariffs.handlers';
import { uptimeRoutes } from './uptime/uptime.handlers';
import { userRoutes } from './users/users.handlers';
import { vehicleRoutes } from './vehicles/vehicles.handlers';
import { walletRoutes } from './wallet/wallet.handlers';
import { walletTopUpRoutes } from './wallet-top-ups/wallet-top-ups.handlers';

export const routes = new OpenAPIHono<AppEnv>()
  .route('/', systemRoutes)
  .route('/', meRoutes)
  .route('/', stationRoutes)
  .route('/', networkRoutes)
  .route('/', groupRoutes)
  .route('/', locationRoutes)
  .route('/', siteLoadRoutes)
  .route('/', connectorRoutes)
  .route('/', keyfobRoutes)
  .route('/', vehicleRoutes)
  .route('/', subscriptionContractRoutes)
  .route('/', activeSubscriptionRoutes)
  .route('/', myDataRoutes)
  .route('/', userRoutes)
  .route('/', backofficeRoutes)
  .route('/', referenceRoutes)
  .route('/', fleetSettingsRoutes)
  .route('/', companySettingsRoutes)
  .route('/', companyGroupRoutes)
  .route('/', apiKeyRoutes)
  .route('/', kpiRoutes)
  .route('/', uptimeRoutes)
  .route('/', co2Routes)
  .route('/', reportingRoutes)
  .route('/', dashboardRoutes)
  .route('/', revenueReportRoutes)
  .route('/', maintenanceRoutes)
  .route('/', tariffRoutes)
  .route('/', stationFileRoutes)
  .route('/', caRoutes)
  .route('/', sessionRoutes)
  .route('/', customerGroupRoutes)
  .route('/', stripeRoutes)
  .route('/', companyRoutes)
  .route('/', jobRoutes)
  .route('/', cpoInvoiceRoutes)
  .route('/', payRoutes)
  .route('/', walletRoutes)
  .route('/', walletTopUpRoutes)
  .route('/', myTransactionRoutes)
  .route('/', mySessionRoutes)
  .route('/', myInvoiceRoutes)
  .route('/', myStationRoutes)
  .route('/', newsRoutes)
  .route('/', peeringRoutes)
  .route('/', gireveRoutes)
  .route('/', roamingDetailsRoutes)
  .route('/', metabaseRoutes)
  .route('/', fleetReimbursementRoutes)
  .route('/', documentRoutes)
  .route('/', authRoutes);

// Dev-only routes (mailbox): compiled out of production builds, where __DEV_TOOLS__ is false.
if (__DEV_TOOLS__) routes.route('/', devRoutes());
