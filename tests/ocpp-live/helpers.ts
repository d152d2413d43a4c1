/** An ocpp-rpc charge point in strict mode (a reply that breaks the OCA 1.6 schemas fails the call). */
import { RPCClient } from 'ocpp-rpc';
import { inject } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';

export const endpoint = `${inject('baseURL').replace(/^http/, 'ws')}/ocpp`;

export function demoCharger(identity: string, password: string = DEMO_OCPP_PASSWORD): RPCClient {
  // ocpp-rpc's typings list every option as required; the library fills the rest with defaults.
  const options = { endpoint, identity, password, protocols: ['ocpp1.6'], strictMode: true, reconnect: false };
  return new RPCClient(options as unknown as ConstructorParameters<typeof RPCClient>[0]);
}
