/**
 * @module The benchmark's baseline: a bare ocpp-rpc RPCServer on 127.0.0.1 answering the same
 * actions as the product (no storage, no auth check; StartTransaction for --in-transaction rows),
 * started by ./bench-product.ts.
 */

import { setPriority } from 'node:os';
import { RPCServer } from 'ocpp-rpc';

// The nice value bench-product.ts gives servers (set here too, before anything this process starts).
if (Number(process.env.BENCH_SERVER_NICE) > 0) setPriority(Number(process.env.BENCH_SERVER_NICE));

const port = Number(process.argv[2]);
let transactions = 0;
const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
server.auth((accept) => accept());
server.on('client', (client) => {
  const now = () => new Date().toISOString();
  client.handle('BootNotification', async () => ({ status: 'Accepted', currentTime: now(), interval: 300 }));
  client.handle('Heartbeat', async () => ({ currentTime: now() }));
  client.handle('MeterValues', async () => ({}));
  client.handle('StartTransaction', async () => ({ transactionId: ++transactions, idTagInfo: { status: 'Accepted' } }));
});
await server.listen(port, '127.0.0.1');
console.log(`listening on ${port}`);
process.on('SIGTERM', () => void server.close({ force: true }).then(() => process.exit(0)));
