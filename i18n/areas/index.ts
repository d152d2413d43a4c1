/**
 * @module The per-area catalogs, merged into each language's catalog as top-level sections
 * (`t('tariffs.title')` reads area `tariffs`). Add an area here and in define.ts's pattern.
 */
import type { Language } from '../languages';
import { apiKeys } from './api-keys';
import { authRecovery } from './auth-recovery';
import { backofficeStaff } from './backoffice-staff';
import { billingAccounts } from './billing-accounts';
import { billingCatalogue } from './billing-catalogue';
import { billingInvoices } from './billing-invoices';
import { billingJobs } from './billing-jobs';
import { billingWebhooks } from './billing-webhooks';
import { co2 } from './co2';
import { companyBranding } from './company-branding';
import { companyCreate } from './company-create';
import { companyGroups } from './company-groups';
import { companyOverview } from './company-overview';
import { companySettings } from './company-settings';
import { companySettingsMoney } from './company-settings-money';
import { cpoInvoices } from './cpo-invoices';
import { customerGroupMembers } from './customer-group-members';
import { customerGroups } from './customer-groups';
import { dashboard } from './dashboard';
import { deviceModel } from './device-model';
import { economics } from './economics';
import { fleet } from './fleet';
import { groups } from './groups';
import { keyHangers } from './key-hangers';
import { maintenance } from './maintenance';
import { myPages } from './my-pages';
import { network } from './network';
import { news } from './news';
import { onboarding } from './onboarding';
import { pdfExport } from './pdf-export';
import { peerings } from './peerings';
import { qrPay } from './qr-pay';
import { reimbursementDocuments } from './reimbursement-documents';
import { reimbursementJobs } from './reimbursement-jobs';
import { reimbursementPayouts } from './reimbursement-payouts';
import { reimbursementSettings } from './reimbursement-settings';
import { reimbursementTariffs } from './reimbursement-tariffs';
import { reimbursements } from './reimbursements';
import { revenueReports } from './revenue-reports';
import { roamingDetails } from './roaming-details';
import { selfService } from './self-service';
import { sessionTable } from './session-table';
import { sessions } from './sessions';
import { signedValues } from './signed-values';
import { siteLoad } from './site-load';
import { sso } from './sso';
import { stationCertificates } from './station-certificates';
import { stationCommands } from './station-commands';
import { stationConfig } from './station-config';
import { stationLog } from './station-log';
import { stationOcpp } from './station-ocpp';
import { stationSim } from './station-sim';
import { subscriptions } from './subscriptions';
import { tariffReach } from './tariff-reach';
import { tariffs } from './tariffs';
import { uptime } from './uptime';
import { userImport } from './user-import';
import { vehicles } from './vehicles';
import { walletTopUps } from './wallet-top-ups';
import { wallets } from './wallets';

export function areaCatalogs(language: Language) {
  return {
    apiKeys: apiKeys[language],
    fleet: fleet[language],
    maintenance: maintenance[language],
    myPages: myPages[language],
    network: network[language],
    news: news[language],
    peerings: peerings[language],
    roamingDetails: roamingDetails[language],
    sessions: sessions[language],
    sessionTable: sessionTable[language],
    stationConfig: stationConfig[language],
    stationCertificates: stationCertificates[language],
    stationCommands: stationCommands[language],
    stationLog: stationLog[language],
    stationSim: stationSim[language],
    stationOcpp: stationOcpp[language],
    deviceModel: deviceModel[language],
    signedValues: signedValues[language],
    tariffs: tariffs[language],
    tariffReach: tariffReach[language],
    vehicles: vehicles[language],
    keyHangers: keyHangers[language],
    onboarding: onboarding[language],
    groups: groups[language],
    userImport: userImport[language],
    selfService: selfService[language],
    subscriptions: subscriptions[language],
    customerGroups: customerGroups[language],
    companyGroups: companyGroups[language],
    backofficeStaff: backofficeStaff[language],
    customerGroupMembers: customerGroupMembers[language],
    pdfExport: pdfExport[language],
    companySettings: companySettings[language],
    companySettingsMoney: companySettingsMoney[language],
    companyBranding: companyBranding[language],
    companyCreate: companyCreate[language],
    companyOverview: companyOverview[language],
    authRecovery: authRecovery[language],
    cpoInvoices: cpoInvoices[language],
    billingAccounts: billingAccounts[language],
    billingCatalogue: billingCatalogue[language],
    billingInvoices: billingInvoices[language],
    billingJobs: billingJobs[language],
    billingWebhooks: billingWebhooks[language],
    wallets: wallets[language],
    walletTopUps: walletTopUps[language],
    qrPay: qrPay[language],
    reimbursementSettings: reimbursementSettings[language],
    reimbursementDocuments: reimbursementDocuments[language],
    reimbursementTariffs: reimbursementTariffs[language],
    reimbursementJobs: reimbursementJobs[language],
    reimbursements: reimbursements[language],
    reimbursementPayouts: reimbursementPayouts[language],
    sso: sso[language],
    uptime: uptime[language],
    economics: economics[language],
    co2: co2[language],
    dashboard: dashboard[language],
    revenueReports: revenueReports[language],
    siteLoad: siteLoad[language],
  };
}
