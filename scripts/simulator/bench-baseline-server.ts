/**
 * @module The benchmark's baseline: a bare ocpp-rpc RPCServer on 127.0.0.1 answering the same
 * actions as the product (no storage, no auth check; StartTransaction for --in-transaction rows),
 * started by ./bench-product.ts. Second argument: the subprotocol, `ocpp1.6` (default) or
 * `ocpp2.0.1` (then TransactionEvent stands in for StartTransaction).
 */

import { setPriority } from 'node:os';
import { RPCServer } from 'ocpp-rpc';

// The nice value bench-product.ts gives servers (set here too, before anything this process starts).
if (Number(process.env.BENCH_SERVER_NICE) > 0) setPriority(Number(process.env.BENCH_SERVER_NICE));

const port = Number(process.argv[2]);
const protocol = process.argv[3] === 'ocpp2.0.1' ? 'ocpp2.0.1' : 'ocpp1.6';
let transactions = 0;
const server = new RPCServer({ protocols: [protocol], strictMode: true });
server.auth((accept) => accept());
server.on('client', (client) => {
  const now = () => new Date().toISOString();
  client.handle('BootNotification', async () => ({ status: 'Accepted', currentTime: now(), interval: 300 }));
  client.handle('Heartbeat', async () => ({ currentTime: now() }));
  client.handle('MeterValues', async () => ({}));
  if (protocol === 'ocpp1.6') {
    client.handle('StartTransaction', async () => ({
      transactionId: ++transactions,
      idTagInfo: { status: 'Accepted' },
    }));
  } else {
    client.handle('TransactionEvent', async ({ params }: { params: unknown }) =>
      (params as { idToken?: unknown }).idToken ? { idTokenInfo: { status: 'Accepted' } } : {},
    );
  }
});
await server.listen(port, '127.0.0.1');
console.log(`listening on ${port} (${protocol})`);
process.on('SIGTERM', () => void server.close({ force: true }).then(() => process.exit(0)));
