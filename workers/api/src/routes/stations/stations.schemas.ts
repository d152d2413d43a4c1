/** @module What the /stations/{uid}/… command resources share: the uid parameter and a station-wide command's answers. */

import { CommandAnswer } from '@api/lib/charge-point-command';
import { ErrorSchema, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';

export const ByUid = z.object({ uid: z.string().min(1).max(48) });

/** The documented answers of a station-wide command (ADR 014: one answer mapping for every command). */
export const stationCommandResponses = {
  200: json(CommandAnswer),
  404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  409: json(ErrorSchema, 'STATION_OFFLINE: nothing was sent'),
  502: json(ErrorSchema, 'The charge point refused the call (COMMAND_REJECTED)'),
  504: json(ErrorSchema, 'No answer in time (COMMAND_TIMEOUT)'),
};
