/** @module Answer shapes of the reference data (spec 7.9): the fixed vocabularies and the company-group choices. */
import { z } from '@hono/zod-openapi';

export const PLUG_TYPES = ['Type 2', 'Type 1', 'CCS2', 'CCS1', 'CHAdeMO', 'Schuko', 'Type 3C', 'NACS'] as const;
export const PLUG_FORMATS = ['SOCKET', 'CABLE'] as const;
export const STATION_URL_TYPES = ['ocpp1.6', 'ocpp2.0.1'] as const;
export const STATION_PROFILES = ['AC wallbox', 'AC pillar', 'DC fast', 'DC high power'] as const;

export const Items = z
  .object({ data: z.array(z.object({ id: z.string(), name: z.string() })) })
  .openapi('ReferenceItems');
export const items = (values: readonly string[]) => ({ data: values.map((v) => ({ id: v, name: v })) });

export const CompanyGroupOptions = z.object({
  enabled: z.boolean(),
  levels: z.array(
    z.object({
      level: z.number(),
      label: z.string(),
      groups: z.array(z.object({ id: z.number(), name: z.string(), company_id: z.number() })),
    }),
  ),
});
