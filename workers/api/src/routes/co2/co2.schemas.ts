/** @module Shapes of the CO2-avoided API (spec 001 §7.18 `co2-total`, spec 000 §9; ADR 053). */
import { FUELS, VEHICLE_CLASSES } from '@domain/co2/factors';
import { z } from '@hono/zod-openapi';

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine((m) => Number(m.slice(0, 4)) >= 2000, 'From 2000');

export const TotalQuery = z.object({
  perspective: z.enum(['network', 'fleet']).optional().openapi({
    description:
      "network: sessions at the company's stations; fleet: sessions of its users. Default: network when the caller may see it, fleet otherwise",
  }),
  from: month.optional().openapi({ description: 'First month (company time zone); default: 11 months before `to`' }),
  to: month.optional().openapi({ description: 'Last month, inclusive; default: the current month' }),
  company_id: z.coerce.number().int().positive().optional().openapi({ description: 'Default: the selected company' }),
  group_id: z.coerce.number().int().positive().optional().openapi({ description: 'A company group, any level' }),
  user_id: z.coerce.number().int().positive().optional(),
});

const figures = {
  energy_wh: z.number(),
  sessions: z.number(),
  baseline_kg: z.number(),
  project_kg: z.number(),
  avoided_kg: z.number().openapi({ description: 'Baseline − project; negative when charging emitted more' }),
  estimated: z.boolean().openapi({ description: 'Some energy used a fallback grid factor' }),
};

const Source = z.object({ name: z.string(), year: z.number(), where: z.string() });

const ClassFigures = z.object({
  vehicle_class: z.enum(VEHICLE_CLASSES),
  ev_kwh_per_100km: z.number(),
  ice_litres_per_100km: z.number(),
  fuel: z.enum(FUELS),
  overridden: z.boolean(),
});

export const Co2Total = z
  .object({
    perspective: z.enum(['network', 'fleet']),
    company_id: z.number(),
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    total: z.object(figures),
    months: z.array(z.object({ month: z.string(), ...figures })),
    factors: z.array(
      z.object({
        basis: z.enum(['market_certificate', 'residual_mix']),
        country: z.string(),
        factor_year: z.number().nullable(),
        g_per_kwh: z.number(),
        estimated: z.boolean(),
      }),
    ),
    method: z.object({
      standard: z.string(),
      fuel_source: Source,
      fossil_comparator_g_per_mj: z.number(),
      residual_mix_source: Source,
      vehicle_classes: z.array(ClassFigures),
    }),
  })
  .openapi('Co2Total');

export const BaselinesQuery = z.object({
  company_id: z.coerce.number().int().positive().optional().openapi({ description: 'Default: the selected company' }),
});

export const Co2Baselines = z
  .object({ company_id: z.number(), vehicle_classes: z.array(ClassFigures) })
  .openapi('Co2Baselines');

/** A null figure returns that class to the method's default. */
export const BaselinesBody = z.strictObject({
  company_id: z.number().int().positive().optional(),
  vehicle_classes: z
    .array(
      z.strictObject({
        vehicle_class: z.enum(VEHICLE_CLASSES),
        ev_kwh_per_100km: z.number().min(1).max(500).nullable(),
        ice_litres_per_100km: z.number().min(0.5).max(100).nullable(),
        fuel: z.enum(FUELS).nullable(),
      }),
    )
    .max(VEHICLE_CLASSES.length)
    .refine((list) => new Set(list.map((c) => c.vehicle_class)).size === list.length, 'One row per vehicle class'),
});

/** The CO2 of one session, in the session detail. */
export const SessionCo2 = z
  .object({
    baseline_kg: z.number(),
    project_kg: z.number(),
    avoided_kg: z.number(),
    vehicle_class: z.enum(VEHICLE_CLASSES),
    basis: z.enum(['market_certificate', 'residual_mix']),
    country: z.string(),
    g_per_kwh: z.number(),
    factor_year: z.number().nullable(),
    estimated: z.boolean(),
  })
  .openapi('SessionCo2');
