/**
 * @module Payload types of the OCPP 2.0.1 reports a station sends (blocks B, K, N, O; ADR 058
 * addendum), written from the OCA schemas that validate them first, and what the object keeps of
 * them. Kept apart from ocpp201-types.ts, which names them in its request and reply maps.
 */
import type { ReportData } from '@domain/ocpp/device-model';

export interface NotifyReportRequest {
  requestId: number;
  generatedAt: string;
  tbc?: boolean;
  seqNo: number;
  reportData?: ReportData[];
}
export interface ReportChargingProfilesRequest {
  requestId: number;
  chargingLimitSource: string;
  tbc?: boolean;
  evseId: number;
  chargingProfile: object[];
}
export interface NotifyEVChargingNeedsRequest {
  evseId: number;
  maxScheduleTuples?: number;
  chargingNeeds: { requestedEnergyTransfer: string; departureTime?: string } & object;
}
export interface NotifyChargingLimitRequest {
  evseId?: number;
  chargingLimit: { chargingLimitSource: string; isGridCritical?: boolean };
  chargingSchedule?: object[];
}
export interface ClearedChargingLimitRequest {
  chargingLimitSource: string;
  evseId?: number;
}
export interface NotifyDisplayMessagesRequest {
  requestId: number;
  tbc?: boolean;
  messageInfo?: object[];
}
export interface NotifyMonitoringReportRequest {
  requestId: number;
  tbc?: boolean;
  seqNo: number;
  generatedAt: string;
  monitor?: object[];
}

/**
 * A report the station sent in parts (tbc), as the object keeps it: each part's items as JSON text
 * (RPC answers need concrete types), complete once a part without tbc arrived.
 */
export interface CollectedReport {
  requestId: number;
  /** ISO time of the latest part. */
  receivedAt: string;
  complete: boolean;
  /** The items of every part so far, in arrival order, as a JSON array. */
  items: string;
}

/** What the object keeps of the 2.0.1 reports and notices of blocks B, K, N and O (state key `reports201`). */
export interface Reports201 {
  /** NotifyReport parts by requestId: how many variables each brought (the variables are in D1). */
  baseReports: Record<string, { requestId: number; receivedAt: string; complete: boolean; variables: number }>;
  /** ReportChargingProfiles by requestId (answers to GetChargingProfiles). */
  chargingProfiles: Record<string, CollectedReport>;
  /** The latest NotifyEVChargingNeeds by EVSE id (JSON of its chargingNeeds). */
  evChargingNeeds: Record<string, { receivedAt: string; maxScheduleTuples: number | null; chargingNeeds: string }>;
  /** External charging limits in force by `{source}@{evseId or 0}` (NotifyChargingLimit until ClearedChargingLimit). */
  chargingLimits: Record<
    string,
    {
      receivedAt: string;
      source: string;
      evseId: number | null;
      isGridCritical: boolean | null;
      schedule: string | null;
    }
  >;
  /** NotifyDisplayMessages by requestId (answers to GetDisplayMessages). */
  displayMessages: Record<string, CollectedReport>;
  /** NotifyMonitoringReport by requestId (answers to GetMonitoringReport). */
  monitoring: Record<string, CollectedReport>;
}
