/**
 * @module The back office's commands on an OCPP 2.0.1 connection (ADR 058). The API and the object's
 * own duties speak 1.6 (RemoteStartTransaction, Reset Hard…); here each becomes its 2.0.1 action
 * (block F RequestStart/StopTransaction, UnlockConnector, TriggerMessage, G ChangeAvailability,
 * B Reset; B GetConfiguration/ChangeConfiguration, K smart charging and N GetDiagnostics in
 * commands-201-provisioning.ts and commands-201-charging.ts; D local list, H reservation, L firmware
 * in commands-201-blocks.ts) and the station's answer comes back in
 * the 1.6 shape the callers read. A payload that is
 * a 2.0.1 request of its action already (GetVariables, SetVariables, a 2.0.1 Reset…) goes as it is.
 */
import type { Store } from '../storage/store';
import { blocksCommand201, NATIVE_REPLY_201 } from './commands-201-blocks';
import { chargingCommand201 } from './commands-201-charging';
import { type DeviceModelAccess, provisioningCommand201 } from './commands-201-provisioning';
import type { CommandResult } from './outbound';
import { hasSchema, validatePayload } from './validation';

export interface Translation {
  action: string;
  payload: unknown;
  /** The station's 2.0.1 answer as the 1.6 command's answer. */
  reply: (reply: unknown) => unknown;
  /** Runs once the station answered (after `reply`): what its answer changes in the back office. */
  after?: () => Promise<void>;
}

type Payload = Record<string, unknown>;
type Status = { status?: string; transactionId?: string };
const same = (reply: unknown) => reply;
const statusOnly =
  (map: Record<string, string> = {}) =>
  (reply: unknown) => {
    const status = String((reply as Status).status);
    return { status: map[status] ?? status };
  };
const evse = (connectorId: unknown) =>
  typeof connectorId === 'number' && connectorId > 0 ? { evse: { id: connectorId } } : {};

/** 1.6 TriggerMessage names that 2.0.1 renamed. */
const TRIGGER: Record<string, string> = { DiagnosticsStatusNotification: 'LogStatusNotification' };

function fromV16(store: Store, action: string, p: Payload): Translation | string {
  switch (action) {
    case 'RemoteStartTransaction':
      return {
        action: 'RequestStartTransaction',
        payload: {
          // Ours to choose; the station echoes it in the TransactionEvent it starts.
          remoteStartId: Math.floor(Date.now() / 1000) % 2_147_483_647,
          idToken: { idToken: p.idTag, type: 'Central' },
          ...(typeof p.connectorId === 'number' && p.connectorId > 0 ? { evseId: p.connectorId } : {}),
        },
        reply: statusOnly(),
      };
    case 'RemoteStopTransaction': {
      const key = store.transaction(Number(p.transactionId))?.startKey ?? '';
      if (!key.startsWith('tx:')) return `Transaction ${String(p.transactionId)} is not an OCPP 2.0.1 transaction here`;
      return { action: 'RequestStopTransaction', payload: { transactionId: key.slice(3) }, reply: statusOnly() };
    }
    case 'UnlockConnector':
      return {
        action: 'UnlockConnector',
        payload: { evseId: p.connectorId, connectorId: 1 },
        reply: statusOnly({ OngoingAuthorizedTransaction: 'UnlockFailed', UnknownConnector: 'NotSupported' }),
      };
    case 'Reset':
      return {
        action: 'Reset',
        payload: { type: p.type === 'Hard' ? 'Immediate' : 'OnIdle' },
        reply: statusOnly({ Scheduled: 'Accepted' }),
      };
    case 'ChangeAvailability':
      return {
        action: 'ChangeAvailability',
        payload: { operationalStatus: p.type, ...evse(p.connectorId) },
        reply: statusOnly(),
      };
    case 'TriggerMessage': {
      const requested = TRIGGER[String(p.requestedMessage)] ?? p.requestedMessage;
      // A triggered StatusNotification names its connector in 2.0.1.
      const target =
        requested === 'StatusNotification' && typeof p.connectorId === 'number' && p.connectorId > 0
          ? { evse: { id: p.connectorId, connectorId: 1 } }
          : evse(p.connectorId);
      return { action: 'TriggerMessage', payload: { requestedMessage: requested, ...target }, reply: statusOnly() };
    }
    default:
      return (
        chargingCommand201(store, action, p) ??
        blocksCommand201(action, p) ??
        `${action} has no OCPP 2.0.1 counterpart here yet`
      );
  }
}

/**
 * What to send a 2.0.1 station for the command `action`: its native form when the payload is a
 * 2.0.1 request already, else the translation of a valid 1.6 one; otherwise why it cannot go.
 */
export async function translateCommand(
  store: Store,
  access: DeviceModelAccess,
  action: string,
  payload: unknown,
): Promise<{ ok: true; translation: Translation } | { ok: false; result: CommandResult }> {
  const native = validatePayload(action, 'req', payload, 'ocpp2.0.1');
  if (native.ok) return { ok: true, translation: { action, payload, reply: NATIVE_REPLY_201[action] ?? same } };
  const as16 = validatePayload(action, 'req', payload, 'ocpp1.6');
  if (!as16.ok) {
    // Told in the terms of the version the station speaks, unless 2.0.1 has no such action.
    const invalid = hasSchema(action, 'req', 'ocpp2.0.1') ? native : as16;
    return {
      ok: false,
      result: { status: 'rejected', code: invalid.code, description: `Not sent: ${invalid.description}` },
    };
  }
  // GetConfiguration/ChangeConfiguration read the device model; a result here was answered without sending.
  const provisioning = await provisioningCommand201(access, action, payload as Payload);
  if (provisioning && 'status' in provisioning) return { ok: false, result: provisioning };
  const translation = provisioning ?? fromV16(store, action, payload as Payload);
  if (typeof translation === 'string') {
    return { ok: false, result: { status: 'rejected', code: 'NotSupported', description: translation } };
  }
  return { ok: true, translation };
}
