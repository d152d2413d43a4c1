/** @module Shapes of moving stations between companies of the caller's tree and of hiding stations. */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { COMMISSIONING_STATUSES } from '@domain/onboarding/onboarding';
import { z } from '@hono/zod-openapi';

export const HideBody = z.object({ hidden: z.boolean() }).strict();
export const HideManyBody = z
  .object({ uids: z.array(z.string().min(1).max(64)).min(1).max(100), hidden: z.boolean() })
  .strict();
export const HideAnswer = z.object({ hidden: z.boolean(), uids: z.array(z.string()) }).openapi('StationsHidden');

export const MoveBody = z
  .object({
    stationIds: z.array(z.number().int().positive()).min(1).max(100),
    targetCompanyId: z.number().int().positive(),
    /** The move changes who operates the stations: the caller must confirm it. */
    confirm: z.boolean(),
  })
  .strict()
  .openapi('MoveStations');

export const MoveAnswer = z
  .object({ moved: z.array(z.object({ id: z.number(), uid: z.string(), fromCompanyId: z.number() })), to: z.number() })
  .openapi('StationsMoved');

export const StationListQuery = z.object({ ...pageQueryFields(25), keyword: z.string().trim().max(100).optional() });
export type StationListQuery = z.infer<typeof StationListQuery>;

export const StationRow = z
  .object({
    id: z.number(),
    uid: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    companyId: z.number(),
    companyName: z.string(),
    offline: z.boolean(),
    commissioningStatus: z.enum(COMMISSIONING_STATUSES),
  })
  .openapi('OnboardingStationRow');

export const StationPage = pageOf(StationRow).openapi('OnboardingStationPage');

export const CompanyOption = z.object({ id: z.number(), name: z.string() }).openapi('MoveTargetCompany');
