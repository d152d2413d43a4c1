/** @module The body of the OCPP 2.0.1 SetNetworkProfile command (B09, ADR 058 addendum), field for field from the OCA schema. */

import { z } from '@hono/zod-openapi';

/** OCPP 2.0.1 NetworkConnectionProfileType (B09), field for field from the OCA schema. */
const NetworkConnectionProfile = z
  .object({
    ocppVersion: z.enum(['OCPP12', 'OCPP15', 'OCPP16', 'OCPP20']).describe('OCPP20 for OCPP 2.0.1'),
    ocppTransport: z.enum(['JSON', 'SOAP']),
    ocppCsmsUrl: z
      .url({ protocol: /^(wss|https)$/, message: 'The CSMS URL must be a wss:// or https:// URL' })
      .max(512, 'The CSMS URL has at most 512 characters'),
    messageTimeout: z.number().int().min(1, 'The message timeout is in seconds, at least 1'),
    securityProfile: z.number().int().min(1).max(3, 'Security profile 1, 2 or 3'),
    ocppInterface: z.enum(['Wired0', 'Wired1', 'Wired2', 'Wired3', 'Wireless0', 'Wireless1', 'Wireless2', 'Wireless3']),
    apn: z
      .object({
        apn: z.string().min(1).max(512),
        apnUserName: z.string().max(20).optional(),
        apnPassword: z.string().max(20).optional(),
        simPin: z.number().int().optional(),
        preferredNetwork: z.string().max(6).optional(),
        useOnlyPreferredNetwork: z.boolean().optional(),
        apnAuthentication: z.enum(['CHAP', 'NONE', 'PAP', 'AUTO']),
      })
      .strict()
      .optional(),
    vpn: z
      .object({
        server: z.string().min(1).max(512),
        user: z.string().min(1).max(20),
        group: z.string().max(20).optional(),
        password: z.string().max(20),
        key: z.string().max(255),
        type: z.enum(['IKEv2', 'IPSec', 'L2TP', 'PPTP']),
      })
      .strict()
      .optional(),
  })
  .strict();

export const SetNetworkProfileBody = z
  .object({
    configurationSlot: z.number().int().min(0, 'A configuration slot of the station (NetworkConfigurationPriority)'),
    connectionData: NetworkConnectionProfile,
  })
  .strict();
