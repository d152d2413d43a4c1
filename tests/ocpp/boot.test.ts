import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

describe('ocpp endpoint', () => {
  it('refuses an upgrade without the ocpp1.6 subprotocol before upgrading', async () => {
    const res = await SELF.fetch('http://localhost/ocpp/CP-1', { headers: { upgrade: 'websocket' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('ocpp1.6');
  });

  it('answers BootNotification with Accepted and the heartbeat interval', async () => {
    const res = await SELF.fetch('http://localhost/ocpp/CP-1', {
      headers: { upgrade: 'websocket', 'sec-websocket-protocol': 'ocpp1.6' },
    });
    expect(res.status).toBe(101);
    expect(res.headers.get('sec-websocket-protocol')).toBe('ocpp1.6');
    const ws = res.webSocket;
    if (!ws) throw new Error('no socket');
    ws.accept();
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply within 5 s')), 5000);
      ws.addEventListener('message', (e) => {
        clearTimeout(timer);
        resolve(JSON.parse(String(e.data)));
      });
    });
    ws.send(JSON.stringify([2, 'm1', 'BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' }]));
    const [type, id, payload] = (await reply) as [number, string, Record<string, unknown>];
    expect([type, id]).toEqual([3, 'm1']);
    expect(payload).toMatchObject({ status: 'Accepted', interval: 300 });
    ws.close();
  });
});
