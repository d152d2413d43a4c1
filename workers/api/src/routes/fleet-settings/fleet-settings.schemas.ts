/** @module Answer and body shapes of the fleet settings (ADR 028). */
import { LIMIT_UNITS } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const Settings = z.object({
  limit_unit: z.enum(LIMIT_UNITS),
  currency: z.string(),
  /** Drivers of the selected company with at least one limit in the current unit. */
  users_with_limits: z.number(),
  /** Whether the caller may switch the unit (fleet:limits). */
  can_change: z.boolean(),
});

export const SwitchUnitBody = z.strictObject({ limit_unit: z.enum(LIMIT_UNITS), confirm: z.boolean().optional() });
