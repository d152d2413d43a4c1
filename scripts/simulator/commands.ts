/**
 * @module Answers to the central system's OCPP 1.6 commands: Core, Reservation, Local Auth List,
 * Smart Charging and Remote Trigger. Each answer follows the simulated station's state; work the
 * answer promises (a status change, a stopped session, a reboot) runs right after the reply is sent.
 */
import { type ChargingProfile, clearProfiles, compositeSchedule, installProfile } from './charging-profiles';
import { changeConfiguration, getConfiguration } from './configuration';
import type { SimStation } from './station';

// biome-ignore lint/suspicious/noExplicitAny: payloads arrive already validated against the OCA schemas (strict mode).
type Params = any;
type Handler = (params: Params) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Runs after ocpp-rpc has sent the reply, so the system sees the answer before its consequences. */
export const later = (fn: () => unknown) => setTimeout(() => void fn(), 100);

export function on(st: SimStation, action: string, handler: Handler) {
  st.client.handle(action, async ({ params }) => {
    const reply = await handler(params);
    st.stats.commandsAnswered++;
    return reply;
  });
}

export function registerCoreCommands(st: SimStation) {
  on(st, 'RemoteStartTransaction', ({ connectorId, idTag, chargingProfile }) => {
    const c =
      connectorId !== undefined
        ? st.connector(connectorId)
        : st.connectors.find((x) => x.status === 'Available' && x.operative);
    const reservedForOther = c?.reservation && c.reservation.idTag !== idTag;
    if (!c || c.tx || !c.operative || reservedForOther || !['Available', 'Preparing', 'Reserved'].includes(c.status)) {
      return { status: 'Rejected' };
    }
    if (chargingProfile) {
      if (chargingProfile.chargingProfilePurpose !== 'TxProfile') return { status: 'Rejected' };
      st.profiles = installProfile(st.profiles, {
        connectorId: c.id,
        profile: chargingProfile,
        installedAt: Date.now(),
      });
    }
    later(() => st.startSession(c, idTag, { remote: true }));
    return { status: 'Accepted' };
  });

  on(st, 'RemoteStopTransaction', ({ transactionId }) => {
    const c = st.connectors.find((x) => x.tx?.id === transactionId);
    if (!c) return { status: 'Rejected' };
    later(() => st.stopSession(c, 'Remote'));
    return { status: 'Accepted' };
  });

  on(st, 'UnlockConnector', ({ connectorId }) => {
    const c = st.connector(connectorId);
    if (!c) return { status: 'NotSupported' };
    if (c.tx) later(() => st.stopSession(c, 'UnlockCommand'));
    return { status: 'Unlocked' };
  });

  on(st, 'Reset', ({ type }) => {
    later(async () => {
      for (const c of st.connectors) if (c.tx) await st.stopSession(c, type === 'Hard' ? 'HardReset' : 'SoftReset');
      await st.reconnect();
    });
    return { status: 'Accepted' };
  });

  on(st, 'ChangeAvailability', ({ connectorId, type }) => {
    const targets = connectorId === 0 ? st.connectors : [st.connector(connectorId)].filter((c) => c !== undefined);
    if (targets.length === 0) return { status: 'Rejected' };
    const operative = type === 'Operative';
    let scheduled = false;
    for (const c of targets) {
      if (!operative && c.tx) {
        c.scheduledInoperative = true;
        scheduled = true;
        continue;
      }
      c.scheduledInoperative = false;
      if (c.operative === operative) continue;
      c.operative = operative;
      if (!c.tx) later(() => st.setStatus(c, operative ? (c.reservation ? 'Reserved' : 'Available') : 'Unavailable'));
    }
    if (connectorId === 0) later(() => st.sendStatus(0));
    return { status: scheduled ? 'Scheduled' : 'Accepted' };
  });

  on(st, 'GetConfiguration', ({ key }) => getConfiguration(st.config, key));

  on(st, 'ChangeConfiguration', ({ key, value }) => {
    const status = changeConfiguration(st.config, key, value);
    if (status === 'Accepted' && key === 'HeartbeatInterval') st.restartHeartbeat();
    // The whitepaper: after a new AuthorizationKey the charge point reconnects using it.
    if (status === 'Accepted' && key === 'AuthorizationKey') later(() => st.reconnect(value));
    return { status };
  });

  on(st, 'ClearCache', () => ({ status: 'Accepted' }));

  on(st, 'DataTransfer', ({ vendorId, messageId, data }) => {
    if (vendorId !== st.spec.vendor) return { status: 'UnknownVendorId' };
    if (messageId !== undefined && messageId !== 'Echo') return { status: 'UnknownMessageId' };
    return data !== undefined ? { status: 'Accepted', data } : { status: 'Accepted' };
  });

  on(st, 'TriggerMessage', ({ requestedMessage, connectorId }) => {
    if (connectorId !== undefined && connectorId !== 0 && !st.connector(connectorId)) return { status: 'Rejected' };
    if (requestedMessage === 'DiagnosticsStatusNotification' || requestedMessage === 'FirmwareStatusNotification') {
      later(() => st.sendIdleStatus(requestedMessage));
    } else later(() => st.trigger(requestedMessage, connectorId));
    return { status: 'Accepted' };
  });
}

export function registerReservationAndLocalList(st: SimStation) {
  on(st, 'ReserveNow', ({ connectorId, expiryDate, idTag, reservationId }) => {
    // ReserveConnectorZeroSupported is false: a reservation names a connector.
    const c = st.connector(connectorId);
    if (!c) return { status: 'Rejected' };
    if (c.status === 'Faulted') return { status: 'Faulted' };
    if (!c.operative) return { status: 'Unavailable' };
    if (c.tx || (c.reservation && c.reservation.id !== reservationId) || c.status !== 'Available') {
      if (!(c.reservation?.id === reservationId && c.status === 'Reserved')) return { status: 'Occupied' };
    }
    clearTimeout(c.reservation?.timer);
    const ms = Math.max(0, Date.parse(expiryDate) - Date.now());
    const timer = setTimeout(
      () => {
        c.reservation = undefined;
        if (c.status === 'Reserved') void st.setStatus(c, 'Available');
      },
      Math.min(ms, 2 ** 31 - 1),
    );
    c.reservation = { id: reservationId, idTag, timer };
    later(() => st.setStatus(c, 'Reserved'));
    return { status: 'Accepted' };
  });

  on(st, 'CancelReservation', ({ reservationId }) => {
    const c = st.connectors.find((x) => x.reservation?.id === reservationId);
    if (!c?.reservation) return { status: 'Rejected' };
    clearTimeout(c.reservation.timer);
    c.reservation = undefined;
    if (c.status === 'Reserved') later(() => st.setStatus(c, 'Available'));
    return { status: 'Accepted' };
  });

  on(st, 'GetLocalListVersion', () => ({ listVersion: st.localList.version }));

  on(st, 'SendLocalList', ({ listVersion, localAuthorizationList = [], updateType }) => {
    const list = st.localList;
    if (updateType === 'Differential' && listVersion <= list.version) return { status: 'VersionMismatch' };
    const entries = updateType === 'Full' ? new Map<string, unknown>() : new Map(list.entries);
    for (const e of localAuthorizationList as { idTag: string; idTagInfo?: unknown }[]) {
      if (e.idTagInfo) entries.set(e.idTag, e.idTagInfo);
      else entries.delete(e.idTag);
    }
    if (entries.size > 1000) return { status: 'Failed' };
    st.localList = { version: listVersion, entries };
    return { status: 'Accepted' };
  });
}

export function registerSmartCharging(st: SimStation) {
  on(st, 'SetChargingProfile', ({ connectorId, csChargingProfiles }) => {
    const profile = csChargingProfiles as ChargingProfile;
    const c = st.connector(connectorId);
    if (connectorId !== 0 && !c) return { status: 'Rejected' };
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) return { status: 'Rejected' };
    if (profile.chargingProfilePurpose === 'TxProfile') {
      // A TxProfile needs a running transaction on that connector (and the matching id when given).
      if (!c?.tx || (profile.transactionId !== undefined && profile.transactionId !== c.tx.id)) {
        return { status: 'Rejected' };
      }
    }
    if (profile.stackLevel > 10 || profile.chargingSchedule.chargingSchedulePeriod.length > 24) {
      return { status: 'Rejected' };
    }
    st.profiles = installProfile(st.profiles, { connectorId, profile, installedAt: Date.now() });
    return { status: 'Accepted' };
  });

  on(st, 'ClearChargingProfile', (filter) => {
    const { kept, removed } = clearProfiles(st.profiles, filter);
    st.profiles = kept;
    return { status: removed > 0 ? 'Accepted' : 'Unknown' };
  });

  on(st, 'GetCompositeSchedule', ({ connectorId, duration, chargingRateUnit }) => {
    if (connectorId !== 0 && !st.connector(connectorId)) return { status: 'Rejected' };
    const unit = chargingRateUnit === 'A' ? 'A' : 'W';
    const now = Date.now();
    const chargingSchedule = compositeSchedule(st.profiles, connectorId, duration, unit, st.spec.maxPowerW, now);
    return { status: 'Accepted', connectorId, scheduleStart: new Date(now).toISOString(), chargingSchedule };
  });
}
