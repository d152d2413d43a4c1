/**
 * @module The system → charge point commands the spec gives no path for (ADR 014):
 * `POST /stations/{uid}/commands/{action-kebab}` with the OCPP request as the JSON body. Ids the
 * caller chooses (reservation, charging profile, transaction, connector) are passed on unchanged: the
 * charge point's answer decides. Also the CSR the charge point sent last (`GET stations/{uid}/csr`).
 */

import type { AppEnv } from '@api/env';
import { answerCommand } from '@api/lib/charge-point-command';
import { apiError } from '@api/lib/errors';
import { chargePointOf, onStation, type Station } from '@api/lib/station-scope';
import { dispatchWithLink, issueTransferLink, publicOrigin } from '@api/lib/station-transfers';
import { certificateSignedChain } from '@domain/certificates/chain';
import { withoutNetworkSecrets } from '@domain/ocpp/network-profile';
import {
  DOWNLOAD_LINK_TTL_MS,
  diagnosticsUploadUrl,
  firmwareDownloadUrl,
  UPLOAD_LINK_TTL_MS,
} from '@domain/stations/transfer-links';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
// The signed-update-firmware command names a firmware file the way UpdateFirmware does.
import { firmwareFileFor } from '../firmware-diagnostics/firmware-diagnostics.store';
import { csrRoute, namedCommands } from './commands.routes';
import type { CommandPath } from './commands.schemas';

/**
 * SetNetworkProfile is 2.0.1 only (B09): 409 for a station speaking 1.6 (its last connection, else its
 * configured version), nothing sent; null when it may go.
 */
export function unlessNetworkProfile(c: Context<AppEnv>, station: Station): Response | null {
  const version = station.ocppVersionConnected ?? station.ocppVersion;
  if (version !== 'ocpp1.6') return null;
  return apiError(c, 409, 'NOT_OCPP_201', 'networkProfileNeedsOcpp201', { params: { version: 'OCPP 1.6' } });
}

type Prepared = { payload: Record<string, unknown>; logged: Record<string, unknown>; link?: { tokenHash: string } };

/** Payload changes before sending: product links for files, the CA chain for certificates. */
async function prepare(
  c: Context<AppEnv>,
  station: Station,
  scope: number[],
  path: CommandPath,
  body: Record<string, unknown>,
): Promise<Prepared | Response> {
  if (path === 'get-log') {
    const log = body.log as { remoteLocation?: string };
    if (log.remoteLocation) return { payload: body, logged: body };
    const link = await issueTransferLink(c, {
      kind: 'diagnostics-upload',
      stationId: station.id,
      ttlMs: UPLOAD_LINK_TTL_MS,
    });
    const remoteLocation = diagnosticsUploadUrl(publicOrigin(c), link.token);
    return {
      payload: { ...body, log: { ...log, remoteLocation } },
      logged: { ...body, log: { ...log, remoteLocation: '(single-use upload link)' } },
      link,
    };
  }
  if (path === 'signed-update-firmware' && typeof body.firmwareFile === 'string') {
    const { firmwareFile, ...rest } = body;
    const file = await firmwareFileFor(c.get('db'), station, scope, firmwareFile);
    if (!file) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename: firmwareFile } });
    const link = await issueTransferLink(c, {
      kind: 'firmware-download',
      stationId: station.id,
      fileId: file.id,
      ttlMs: DOWNLOAD_LINK_TTL_MS,
    });
    const location = firmwareDownloadUrl(publicOrigin(c), link.token, file.filename);
    const firmware = rest.firmware as Record<string, unknown>;
    return {
      payload: { ...rest, firmware: { ...firmware, location } },
      logged: { ...rest, firmware: { ...firmware, location: `(download link to ${file.filename})` } },
      link,
    };
  }
  if (path === 'set-network-profile') {
    return (
      unlessNetworkProfile(c, station) ?? {
        payload: body,
        logged: withoutNetworkSecrets(body) as Record<string, unknown>,
      }
    );
  }
  if (path === 'certificate-signed') {
    const configured = (c.env as { OCPP_CA_CERTIFICATE_CHAIN?: string }).OCPP_CA_CERTIFICATE_CHAIN;
    const chain = certificateSignedChain(String(body.certificate), configured);
    if (!chain.ok) {
      return chain.reason === 'no-authority'
        ? apiError(c, 409, 'NO_CERTIFICATE_AUTHORITY', 'noCertificateAuthority')
        : apiError(c, 400, 'VALIDATION', 'validation', { field: 'certificate' });
    }
    return {
      payload: { certificateChain: chain.certificateChain },
      logged: { certificateChain: chain.certificateChain },
    };
  }
  return { payload: body, logged: body };
}

export const commandRoutes = new OpenAPIHono<AppEnv>().openapi(csrRoute, (c) =>
  onStation(c, c.req.valid('param').uid, async (s) => {
    const { csr } = await chargePointOf(c, s).commandProgress();
    return c.json(
      {
        csr: csr?.csr ?? null,
        status: csr?.status ?? null,
        received_at: csr?.receivedAt ?? null,
        reason: csr?.reason ?? null,
        serial: csr?.serial ?? null,
      },
      200,
    );
  }),
);

for (const { path, action, route } of namedCommands) {
  commandRoutes.openapi(
    route,
    (c) =>
      onStation(c, c.req.valid('param').uid, async (station, scope) => {
        const prepared = await prepare(c, station, scope, path, c.req.valid('json') as Record<string, unknown>);
        if (prepared instanceof Response) return prepared;
        const { payload, logged, link } = prepared;
        return answerCommand(c, await dispatchWithLink(c, station, link, { action, payload, logged }));
      }) as never,
  );
}
