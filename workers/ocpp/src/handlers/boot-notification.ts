/**
 * @module BootNotification: the station's registration decides Accepted / Pending / Rejected. A boot
 * ends every transaction the charge point had open (a StopTransaction from its queue still corrects
 * them, ADR 040), and its connectors are Unknown until it reports them again.
 */

import { findStationById, markConnectorsUnknown, recordBoot } from '@db/queries/stations.store';
import { heartbeatInterval } from '@domain/stations/liveness';
import type { Handler } from '../context';
import { closeEndedTransactions } from './session-end';

const REGISTRATION = { accepted: 'Accepted', pending: 'Pending', rejected: 'Rejected' } as const;

export const bootNotification: Handler<'BootNotification'> = async (ctx, p) => {
  const station = await findStationById(ctx.db, ctx.stationId);
  // The upgrade found the station; if it was deleted since, the charge point must not proceed.
  const status = station ? REGISTRATION[station.registration] : 'Rejected';
  ctx.store.put('boot', { ...p, at: ctx.now.toISOString(), status });
  // Independent writes, sent together: the boot record, the transactions the reboot ended, and the
  // connectors' statuses (unknown until reported again).
  await Promise.all([
    recordBoot(ctx.db, ctx.stationId, {
      vendor: p.chargePointVendor,
      model: p.chargePointModel,
      serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber ?? null,
      firmware: p.firmwareVersion ?? null,
      iccid: p.iccid ?? null,
      imsi: p.imsi ?? null,
      ip: ctx.ip,
      at: ctx.now,
    }),
    closeEndedTransactions(ctx, { evidence: { kind: 'boot' }, before: ctx.now.getTime() }),
    markConnectorsUnknown(ctx.db, ctx.stationId, ctx.now),
  ]);
  ctx.store.clearConnectors();
  ctx.store.put('d1SeenAt', ctx.now.getTime());
  const interval = heartbeatInterval(ctx.env);
  // The heartbeat timeout (two intervals without a frame) counts with the interval the station was told.
  ctx.store.put('heartbeatInterval', interval);
  return { status, currentTime: ctx.now.toISOString(), interval };
};
