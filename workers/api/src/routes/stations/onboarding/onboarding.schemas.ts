/** @module Shapes of the onboarding API: templates, create from template, import, steps and commissioning. */

import { ErrorSchema } from '@api/lib/route';
import type { stationOnboardingSteps, stations } from '@db/schema';
import {
  COMMISSIONING_STATUSES,
  ONBOARDING_STEPS,
  ONBOARDING_TYPES,
  STEP_STATUSES,
} from '@domain/onboarding/onboarding';
import { MAX_STATION_IMPORT_ROWS } from '@domain/onboarding/station-import';
import { STATION_TYPES } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';
import type { Language } from '@i18n/languages';
import { type MessageKey, translate } from '@i18n/messages';

export const TemplateSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    powerType: z.string(),
    voltage: z.number(),
    amperage: z.number(),
    profile: z.string().nullable(),
    urlType: z.string(),
    connectors: z.array(
      z.object({
        connectorNumber: z.number(),
        plugType: z.string(),
        plugFormat: z.string(),
        powerType: z.string(),
        maxPowerW: z.number(),
        capabilities: z.array(z.string()),
      }),
    ),
  })
  .openapi('StationTemplate');

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Dot decimals as typed in the form, or a number; checked by the station rules (spec section 5). */
const coordinate = z
  .union([z.number(), z.string().trim().max(32)])
  .nullable()
  .optional();

export const CreateFromTemplateBody = z
  .object({
    mode: z.enum(ONBOARDING_TYPES),
    templateId: z.number().int().positive(),
    /** The charge point identity (online only); generated when absent. */
    ocppId: text(48),
    name: text(120),
    /** Operator company; the selected company when absent. Must be in the caller's tree. */
    companyId: z.number().int().positive().optional(),
    ownerId: z.number().int().positive().nullable().optional(),
    address: text(200),
    streetNumber: text(20),
    postalCode: text(20),
    city: text(100),
    country: text(2),
    latitude: coordinate,
    longitude: coordinate,
    timeZone: text(64),
    type: z.enum(STATION_TYPES).default('public'),
    directions: text(500),
    serialNumber: text(80),
    installationDate: z.iso.date().nullable().optional(),
    visibleInApp: z.boolean().default(true),
    openToPublic: z.boolean().default(true),
  })
  .strict()
  .openapi('CreateFromTemplate');

export const StepSchema = z
  .object({
    step: z.enum(ONBOARDING_STEPS),
    status: z.enum(STEP_STATUSES),
    message: z.string().nullable(),
    attempts: z.number(),
    updatedAt: z.string().nullable(),
  })
  .openapi('OnboardingStep');

export const OnboardingStateSchema = z
  .object({
    stationId: z.number(),
    uid: z.string(),
    name: z.string(),
    mode: z.enum(ONBOARDING_TYPES),
    commissioningStatus: z.enum(COMMISSIONING_STATUSES),
    hidden: z.boolean(),
    steps: z.array(StepSchema),
  })
  .openapi('OnboardingState');

export const CreatedSchema = z
  .object({
    station: z.object({
      id: z.number(),
      uid: z.string(),
      name: z.string(),
      mode: z.enum(ONBOARDING_TYPES),
      companyId: z.number(),
      template: z.string(),
      connectors: z.array(
        z.object({ id: z.number(), uid: z.string(), connectorNumber: z.number(), evseId: z.string().nullable() }),
      ),
    }),
    /** Online stations only, and only in this answer: the password is stored as a hash and never shown again. */
    credentials: z.object({ ocppId: z.string(), password: z.string(), path: z.string() }).nullable(),
    onboarding: OnboardingStateSchema,
  })
  .openapi('StationCreated');

export const ByUid = z.object({
  uid: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'uid', in: 'path' }, example: 'VLT-PAR-001' }),
});

export const StepParams = ByUid.extend({
  step: z.enum(['peering', 'publish']).openapi({ param: { name: 'step', in: 'path' } }),
});

export const PeeringParams = ByUid.extend({
  peering_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'peering_id', in: 'path' } }),
});

export const ById = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 3 }),
});

export const TypeStatusBody = z
  .object({
    /** Commissioning status of the station. */
    status: z.enum(COMMISSIONING_STATUSES).optional(),
    /** Visible in the drivers' app. */
    visibility: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.visibility !== undefined, { message: 'status or visibility is required' })
  .openapi('StationTypeStatus');

export const TypeStatusAnswer = z
  .object({ id: z.number(), commissioningStatus: z.enum(COMMISSIONING_STATUSES), visibleInApp: z.boolean() })
  .openapi('StationTypeStatusAnswer');

/** Several stations' onboarding, e.g. those one import created (at most one import's rows). */
export const StationStepsBody = z
  .strictObject({
    station_ids: z.array(z.number().int().positive()).min(1).max(MAX_STATION_IMPORT_ROWS),
    /** Which steps to run (both by default, peering first, as after a single creation). */
    steps: z
      .array(z.enum(['peering', 'publish']))
      .min(1)
      .max(2)
      .optional(),
  })
  .openapi('OnboardingStepsOfStations');

export const OnboardingStates = z
  .object({
    data: z.array(OnboardingStateSchema),
    /** Attempts that failed in this call (0 when only reading). */
    failed: z.number(),
  })
  .openapi('OnboardingStates');

const Issue = z.object({ row: z.number().int(), column: z.string(), value: z.string(), message: z.string() });
export const ImportResult = z
  .object({
    dry_run: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    stations: z.array(
      z.object({ row: z.number(), id: z.number(), uid: z.string(), name: z.string(), template: z.string() }),
    ),
    /** Only in the answer that created the stations: never stored, never shown again. */
    credentials: z.array(z.object({ row: z.number(), ocppId: z.string(), password: z.string(), path: z.string() })),
    ms: z.number(),
  })
  .openapi('StationImportResult');
export const ImportReport = ErrorSchema.extend({ errors: z.array(Issue) }).openapi('StationImportErrors');
export const ImportQuery = z.object({ dry_run: z.enum(['true', 'false']).optional() });

type StationRow = typeof stations.$inferSelect;
type StepRow = typeof stationOnboardingSteps.$inferSelect;

/** A station's onboarding as answered: every step, those never recorded as pending (or done, for create). */
export function toOnboardingState(lang: Language, station: StationRow, rows: readonly StepRow[]) {
  const byStep = new Map(rows.map((r) => [r.step, r]));
  return {
    stationId: station.id,
    uid: station.uid,
    name: station.name,
    mode: station.offline ? ('offline' as const) : ('online' as const),
    commissioningStatus: station.commissioningStatus,
    hidden: station.hidden,
    // A station created before onboarding existed (demo, import) shows its create step as done.
    steps: ONBOARDING_STEPS.map((step) => {
      const r = byStep.get(step);
      if (!r) {
        return step === 'create'
          ? { step, status: 'done' as const, message: null, attempts: 1, updatedAt: station.createdAt.toISOString() }
          : { step, status: 'pending' as const, message: null, attempts: 0, updatedAt: null };
      }
      return {
        step,
        status: r.status,
        message: r.messageKey ? translate(lang, r.messageKey as MessageKey) : null,
        attempts: r.attempts,
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
  };
}
