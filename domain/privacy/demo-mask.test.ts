import { describe, expect, it } from 'vitest';
import { DEMO_MAX, DEMO_MIN, demoPlaceholder } from '../sessions/display';
import { extraMaskedKeys, maskDemo, maskEmailsIn, withoutPlaceholders } from './demo-mask';

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

  it('masks plates, employee numbers and the cards of a user, keeping the card status', () => {
    const user = {
      license_plate: 'AB123CD',
      employee_number: 'E-77',
      rfids: [{ id: 4, uuid: '04AABB', key_hanger_code: 'KH-9', status: 'active' }],
    };
    const shown = maskDemo(user) as typeof user;
    expect(inRange(shown.license_plate)).toBe(true);
    expect(inRange(shown.employee_number)).toBe(true);
    expect(shown.rfids[0]).toEqual({
      id: 4,
      uuid: demoPlaceholder('04AABB'),
      key_hanger_code: demoPlaceholder('KH-9'),
      status: 'active',
    });
  });

  it('replaces an e-mail written under any other key by the placeholder its own key would get', () => {
    const entry = { authorName: 'ann@example.com', reason: 'Refund asked by bob.smith+x@mail.example.org.', id: 'A-1' };
    const shown = maskDemo(entry) as typeof entry;
    expect(shown.authorName).toBe((maskDemo({ email: 'ann@example.com' }) as { email: string }).email);
    expect(shown.reason).toBe(`Refund asked by ${demoPlaceholder('bob.smith+x@mail.example.org')}.`);
    expect(shown.id).toBe('A-1');
    expect(maskEmailsIn('no address @ here')).toBe('no address @ here');
  });

  it('drops the fields a form sends back as the placeholders it was shown', () => {
    const stored = { email: 'ann@example.com', license_plate: 'AB123CD', employee_number: null };
    const body = {
      email: demoPlaceholder('ann@example.com'),
      license_plate: 'ZZ999ZZ',
      employee_number: demoPlaceholder('x'),
      first_name: 'Ann',
    };
    expect(withoutPlaceholders(body, stored)).toEqual({
      license_plate: 'ZZ999ZZ',
      employee_number: demoPlaceholder('x'),
      first_name: 'Ann',
    });
  });
});
