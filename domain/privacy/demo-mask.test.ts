import { describe, expect, it } from 'vitest';
import { DEMO_MAX, DEMO_MIN } from '../sessions/display';
import { extraMaskedKeys, maskDemo } from './demo-mask';

const inRange = (v: unknown) => typeof v === 'string' && /^\d{4}$/.test(v) && +v >= DEMO_MIN && +v <= DEMO_MAX;

describe('demo mode masking', () => {
  const answer = {
    data: [
      { id: 1, email: 'ann@example.com', key_hanger_code: 'KH-1', name: 'Ann', active: true },
      { id: 2, email: 'bob@example.com', user: { email: 'ann@example.com', firstName: 'Ann' }, cdr_auth_id: 'AUTH9' },
    ],
    total: 2,
    contactEmails: 'a@x.io, b@x.io',
    email_hidden: false,
  };
  const masked = maskDemo(answer) as typeof answer & { data: [Record<string, unknown>, Record<string, unknown>] };

  it('replaces e-mails and codes by placeholders in 1000–5000', () => {
    const [a, b] = masked.data;
    expect(inRange(a.email)).toBe(true);
    expect(inRange(a.key_hanger_code)).toBe(true);
    expect(inRange(b.cdr_auth_id)).toBe(true);
    expect(JSON.stringify(masked)).not.toContain('@');
    expect(masked.contactEmails).toMatch(/^\d{4}, \d{4}$/);
  });

  it('maps the same value to the same placeholder within the answer', () => {
    const [a, b] = masked.data;
    expect((b.user as { email: string }).email).toBe(a.email);
    expect(b.email).not.toBe(undefined);
  });

  it('keeps names, ids, numbers and flags', () => {
    const [a] = masked.data;
    expect(a).toMatchObject({ id: 1, name: 'Ann', active: true });
    expect(masked.total).toBe(2);
    expect(masked.email_hidden).toBe(false);
  });

  it('masks an RFID uuid and code on the key hanger paths only', () => {
    const card = { uuid: '04AABB', code: 'C1' };
    expect(maskDemo(card, extraMaskedKeys('/api/keyfob/all'))).not.toEqual(card);
    expect(maskDemo(card, extraMaskedKeys('/api/stations/list'))).toEqual(card);
  });
});
