/**
 * @module Answers of a simulated OCPP 2.0.1 station to the CSMS's commands: RequestStartTransaction,
 * RequestStopTransaction, UnlockConnector, Reset, ChangeAvailability, TriggerMessage, GetVariables and
 * SetVariables, from the station's state. Work an answer promises (a session, a reboot, a status)
 * runs right after the reply is sent. Any other action is answered NotImplemented by ocpp-rpc.
 */
import { later } from './commands';
import type { Evse, SimStation201 } from './station-201';
import { getVariables, setVariables, variableKey } from './variables-201';

// biome-ignore lint/suspicious/noExplicitAny: payloads arrive already validated against the OCA schemas (strict mode).
type Params = any;
type Handler = (params: Params) => Record<string, unknown> | Promise<Record<string, unknown>>;

function on(st: SimStation201, action: string, handler: Handler) {
  st.client.handle(action, async ({ params }) => {
    const reply = await handler(params);
    st.stats.commandsAnswered++;
    return reply;
  });
}

const TRIGGERS = new Set([
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'MeterValues',
  'TransactionEvent',
  'LogStatusNotification',
  'FirmwareStatusNotification',
]);

async function trigger(st: SimStation201, message: string, targets: Evse[]) {
  if (message === 'BootNotification') await st.call('BootNotification', st.bootPayload('Triggered'));
  else if (message === 'Heartbeat') await st.call('Heartbeat', {});
  else if (message === 'StatusNotification') for (const e of targets) await st.sendStatus(e);
  else if (message === 'MeterValues') for (const e of targets) await st.sendMeterValues(e);
  else if (message === 'TransactionEvent') for (const e of targets) await st.sendUpdate(e, 'Trigger');
  // No log upload or firmware update is running when triggered out of the blue.
  else await st.call(message, { status: 'Idle' });
}

export function registerCommands201(st: SimStation201) {
  on(st, 'RequestStartTransaction', ({ idToken, remoteStartId, evseId }) => {
    const e =
      evseId !== undefined ? st.evse(evseId) : st.evses.find((x) => x.status === 'Available' && x.operative && !x.tx);
    if (!e || e.tx || !e.operative || e.status !== 'Available') return { status: 'Rejected' };
    later(() => st.startSession(e, idToken, { remoteStartId }));
    return { status: 'Accepted' };
  });

  on(st, 'RequestStopTransaction', ({ transactionId }) => {
    const e = st.evses.find((x) => x.tx?.id === transactionId);
    if (!e) return { status: 'Rejected' };
    later(() => st.stopSession(e, 'Remote', 'RemoteStop'));
    return { status: 'Accepted' };
  });

  on(st, 'UnlockConnector', ({ evseId, connectorId }) => {
    const e = st.evse(evseId);
    if (!e || connectorId !== 1) return { status: 'UnknownConnector' };
    // F05: a connector of an authorized transaction is not unlocked from afar.
    if (e.tx) return { status: 'OngoingAuthorizedTransaction' };
    return { status: 'Unlocked' };
  });

  on(st, 'Reset', ({ type, evseId }) => {
    // Resetting one EVSE alone is optional in 2.0.1 (B11.FR.10); this station refuses it.
    if (evseId !== undefined) return { status: 'Rejected' };
    const busy = st.evses.some((e) => e.tx);
    if (type === 'OnIdle' && busy) {
      st.resetWhenIdle = true;
      return { status: 'Scheduled' };
    }
    later(async () => {
      for (const e of st.evses) if (e.tx) await st.stopSession(e, 'ImmediateReset', 'ResetCommand');
      await st.reconnect();
    });
    return { status: 'Accepted' };
  });

  on(st, 'ChangeAvailability', ({ operationalStatus, evse }) => {
    const targets = evse ? [st.evse(evse.id)].filter((e) => e !== undefined) : st.evses;
    if (targets.length === 0 || (evse?.connectorId !== undefined && evse.connectorId !== 1)) {
      return { status: 'Rejected' };
    }
    const operative = operationalStatus === 'Operative';
    let scheduled = false;
    for (const e of targets) {
      if (!operative && e.tx) {
        e.scheduledInoperative = true;
        scheduled = true;
        continue;
      }
      e.scheduledInoperative = false;
      e.operative = operative;
      if (e.tx) continue;
      later(() => st.setStatus(e, operative ? 'Available' : 'Unavailable'));
    }
    return { status: scheduled ? 'Scheduled' : 'Accepted' };
  });

  on(st, 'TriggerMessage', ({ requestedMessage, evse }) => {
    if (!TRIGGERS.has(requestedMessage)) return { status: 'NotImplemented' };
    const targets = evse ? [st.evse(evse.id)].filter((e) => e !== undefined) : st.evses;
    if (evse && targets.length === 0) return { status: 'Rejected' };
    const withTx = targets.filter((e) => e.tx);
    if (requestedMessage === 'TransactionEvent' && withTx.length === 0) return { status: 'Rejected' };
    later(() => trigger(st, requestedMessage, requestedMessage === 'TransactionEvent' ? withTx : targets));
    return { status: 'Accepted' };
  });

  on(st, 'GetVariables', ({ getVariableData }) => ({ getVariableResult: getVariables(st.variables, getVariableData) }));

  on(st, 'SetVariables', ({ setVariableData }) => {
    const { results, changed } = setVariables(st.variables, setVariableData);
    if (changed.includes(variableKey('OCPPCommCtrlr', 'HeartbeatInterval'))) later(() => st.restartHeartbeat());
    const password = setVariableData.find(
      (d: { component: { name: string }; variable: { name: string } }) =>
        variableKey(d.component.name, d.variable.name) === variableKey('SecurityCtrlr', 'BasicAuthPassword'),
    )?.attributeValue;
    if (password && changed.includes(variableKey('SecurityCtrlr', 'BasicAuthPassword')))
      later(() => st.reconnect(password));
    return { setVariableResult: results };
  });
}
