/** @module Shapes of one session's detail (spec 7.15): every CDR field, the parties' prices, the curve, why a tariff priced it. */

import { z } from '@hono/zod-openapi';
import { SessionCo2 } from '../../co2/co2.schemas';
import { CellValue } from '../list/list.schemas';

export const SessionDetail = z
  .object({
    session: z.record(z.string(), CellValue),
    parties: z.array(
      z.object({
        party: z.enum(['emp', 'subcpo', 'owner']),
        priced: z.boolean(),
        reason: z.string().nullable(),
        lines: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
        /** The priced lines that produced the party's price (empty when unpriced or hidden). */
        tariff_lines: z.array(
          z.object({
            dimension: z.string(),
            tariff_id: z.number().nullable(),
            tariff_name: z.string().nullable(),
            element_index: z.number(),
            /** Wh (energy), seconds (time dimensions), 1 (flat), 0 (adjustments). */
            quantity: z.number(),
            /** Ten-thousandths of the currency per kWh, hour or session. */
            unit_price: z.number(),
            vat_bp: z.number().nullable(),
            excl_vat: z.number(),
            incl_vat: z.number(),
          }),
        ),
      }),
    ),
    /** [epoch ms, W, Wh, A?, V?, SoC %?]; the last three only where the charge point reported them. */
    curve: z.array(z.array(z.number().nullable())),
    engineer: z.boolean(),
    /**
     * Which tariff priced each perspective and why every other candidate did not (issue 24 §6);
     * null when the caller may not view tariffs.
     */
    pricing_why: z
      .array(
        z.object({
          perspective: z.enum(['emp', 'subcpo', 'owner']),
          priced_with: z.object({ id: z.number(), name: z.string() }).nullable(),
          would_choose: z.object({ id: z.number(), name: z.string() }).nullable(),
          /** Priced, and today's tariffs would choose another one: re-pricing would change it. */
          stale: z.boolean(),
          candidates: z.array(
            z.object({
              tariff_id: z.number(),
              name: z.string(),
              type: z.string(),
              status: z.string(),
              outcome: z.enum(['chosen', 'outranked', 'excluded']),
              exclusion: z.string().nullable(),
              by: z.number().nullable(),
              criterion: z.string().nullable(),
              approved_after_pricing: z.boolean(),
            }),
          ),
        }),
      )
      .nullable(),
    /** CO2 avoided by the session (ADR 053); null until it closed having delivered energy. */
    co2: SessionCo2.nullable(),
  })
  .openapi('SessionDetail');
