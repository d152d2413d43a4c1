/** @module Schemas of a station's OCPP credentials: its basic-auth password and its security profile. */

import { STATION_PASSWORD } from '@domain/ocpp/authorization-key';
import { z } from '@hono/zod-openapi';

export const ByUid = z.object({ uid: z.string().min(1).max(48) });

export const PasswordBody = z
  .object({
    password: z
      .string()
      .regex(STATION_PASSWORD, 'The password must be 16 to 40 printable ASCII characters without spaces')
      .openapi({
        description:
          'The new basic-auth password, 16 to 40 printable ASCII characters without spaces. Stored only as a hash; sent hex-encoded (Security Whitepaper) in ChangeConfiguration AuthorizationKey when the station is connected.',
      }),
  })
  .strict();

export const SECURITY_PROFILES = [0, 1, 2, 3] as const;

export const SecurityProfileBody = z
  .object({
    security_profile: z
      .number()
      .int()
      .min(0, 'A security profile is 0, 1, 2 or 3')
      .max(3, 'A security profile is 0, 1, 2 or 3')
      .openapi({
        description:
          'OCPP 1.6 Security Whitepaper profile. 0 and 1: basic auth over ws or wss; 2: basic auth, TLS required; 3: TLS required (client certificates are checked by the TLS terminator, the worker still requires basic auth).',
      }),
  })
  .strict();

export const Credentials = z
  .object({
    uid: z.string(),
    /** Whether the station has a password (offline stations have none and never connect). */
    password_set: z.boolean(),
    /** A new AuthorizationKey whose ChangeConfiguration answer never arrived; promoted at its first use (ADR 014). */
    password_pending: z.boolean(),
    security_profile: z.number().int(),
    connected: z.boolean(),
  })
  .openapi('StationCredentials');

export const PasswordAnswer = z
  .object({
    /** replaced: the new password is the station's now; pending: sent, not answered yet (promoted at first use); unchanged: the charge point refused it. */
    password: z.enum(['replaced', 'pending', 'unchanged']),
    change_configuration: z.object({
      /** answered (CALLRESULT), offline (not connected: nothing sent), timeout, or callerror. */
      outcome: z.enum(['answered', 'offline', 'timeout', 'callerror']),
      /** The charge point's status: Accepted, RebootRequired, Rejected or NotSupported; null without a CALLRESULT. */
      status: z.string().nullable(),
      /** The CALLERROR's code and description, when the charge point answered with one. */
      error_code: z.string().nullable(),
      error_description: z.string().nullable(),
    }),
  })
  .openapi('StationPasswordAnswer');
export type PasswordAnswer = z.infer<typeof PasswordAnswer>;
