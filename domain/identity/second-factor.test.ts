import { describe, expect, it } from 'vitest';
import {
  type AuthenticatorPairing,
  authenticatorProofs,
  authenticatorRefusal,
  checkSecondFactor,
  type EmailedCode,
  emailedCodeHash,
  matchEmailedCode,
  mayConfirmPairing,
} from './second-factor';
import { newTotpSecret, totpCode, totpStep } from './totp';

const now = new Date('2026-03-01T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

async function emailed(id: number, code: string, expiresInMinutes: number): Promise<EmailedCode> {
  return { id, codeHash: (await emailedCodeHash(code)) as string, expiresAt: minutes(expiresInMinutes) };
}

const pairing = (over: Partial<AuthenticatorPairing> & { id: number }): AuthenticatorPairing => ({
  confirmed: false,
  lastUsedStep: null,
  secret: newTotpSecret(),
  ...over,
});

describe('the e-mailed code', () => {
  it('matches the newest unexpired code, typed with spaces', async () => {
    const codes = [await emailed(2, '123456', 10)];
    expect(matchEmailedCode(codes, await emailedCodeHash(' 123 456 '), now)).toBe(2);
  });

  it.each([
    { name: 'a wrong code', typed: '654321', expiresIn: 10 },
    { name: 'an expired code', typed: '123456', expiresIn: -1 },
    { name: 'a code expiring this very moment', typed: '123456', expiresIn: 0 },
    { name: 'input that is no code', typed: '12345a', expiresIn: 10 },
  ])('refuses $name', async ({ typed, expiresIn }) => {
    const codes = [await emailed(1, '123456', expiresIn)];
    expect(matchEmailedCode(codes, await emailedCodeHash(typed), now)).toBeNull();
  });

  it('skips an expired newer code for the newest unexpired one, and only that one', async () => {
    const codes = [await emailed(3, '111111', -5), await emailed(2, '222222', 5), await emailed(1, '333333', 5)];
    expect(matchEmailedCode(codes, await emailedCodeHash('222222'), now)).toBe(2);
    expect(matchEmailedCode(codes, await emailedCodeHash('333333'), now)).toBeNull();
  });

  it('has no hash for what cannot be a code', async () => {
    expect(await emailedCodeHash('abc')).toBeNull();
    expect(await emailedCodeHash('12 34 56')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('checkSecondFactor', () => {
  const base = { emailedCodes: [] as EmailedCode[], now, inputHash: null };

  it('accepts a code of the confirmed authenticator within one step of drift, naming the step', () => {
    const confirmed = pairing({ id: 7, confirmed: true });
    const input = totpCode(confirmed.secret as string, now.getTime() - 30_000);
    const proof = checkSecondFactor({ ...base, input, pairings: [confirmed], accept: ['confirmed-authenticator'] });
    expect(proof).toEqual({
      kind: 'authenticator',
      pairingId: 7,
      step: totpStep(now.getTime()) - 1,
      confirmsPairing: false,
    });
  });

  it('refuses a code two steps old, and a step already used (replay)', () => {
    const confirmed = pairing({ id: 7, confirmed: true });
    const old = totpCode(confirmed.secret as string, now.getTime() - 60_000);
    expect(
      checkSecondFactor({ ...base, input: old, pairings: [confirmed], accept: ['confirmed-authenticator'] }),
    ).toEqual({
      kind: 'none',
    });
    const used = { ...confirmed, lastUsedStep: totpStep(now.getTime()) };
    const current = totpCode(confirmed.secret as string, now.getTime());
    expect(
      checkSecondFactor({ ...base, input: current, pairings: [used], accept: ['confirmed-authenticator'] }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('confirms the pending pairing with its code before trying the confirmed one', () => {
    const pendingPairing = pairing({ id: 9 });
    const confirmed = pairing({ id: 7, confirmed: true });
    const input = totpCode(pendingPairing.secret as string, now.getTime());
    const proof = checkSecondFactor({
      ...base,
      input,
      pairings: [pendingPairing, confirmed],
      accept: authenticatorProofs(true),
    });
    expect(proof).toMatchObject({ kind: 'authenticator', pairingId: 9, confirmsPairing: true });
  });

  it('does not let a session that may not confirm use the pending pairing', () => {
    const pendingPairing = pairing({ id: 9 });
    const input = totpCode(pendingPairing.secret as string, now.getTime());
    expect(
      checkSecondFactor({ ...base, input, pairings: [pendingPairing], accept: authenticatorProofs(false) }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('falls back to the e-mailed code only when the authenticator does not match', async () => {
    const confirmed = pairing({ id: 7, confirmed: true });
    const emailedCodes = [await emailed(4, '123456', 10)];
    const accept = ['confirmed-authenticator', 'emailed-code'] as const;
    const byMail = checkSecondFactor({
      input: '123456',
      inputHash: await emailedCodeHash('123456'),
      now,
      emailedCodes,
      pairings: [confirmed],
      accept: [...accept],
    });
    expect(byMail).toEqual({ kind: 'emailed-code', codeId: 4 });
    const totp = totpCode(confirmed.secret as string, now.getTime());
    const byApp = checkSecondFactor({
      input: totp,
      inputHash: await emailedCodeHash(totp),
      now,
      emailedCodes,
      pairings: [confirmed],
      accept: [...accept],
    });
    expect(byApp).toMatchObject({ kind: 'authenticator', pairingId: 7 });
  });

  it('ignores a proof the call does not accept', async () => {
    const emailedCodes = [await emailed(4, '123456', 10)];
    const inputHash = await emailedCodeHash('123456');
    expect(
      checkSecondFactor({
        input: '123456',
        inputHash,
        now,
        emailedCodes,
        pairings: [],
        accept: ['confirmed-authenticator'],
      }),
    ).toEqual({ kind: 'none' });
  });

  it('cannot match a pairing whose seed could not be opened', () => {
    const sealed = pairing({ id: 7, confirmed: true, secret: null });
    expect(
      checkSecondFactor({ ...base, input: '000000', pairings: [sealed], accept: ['confirmed-authenticator'] }),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('who may check an authenticator code', () => {
  it.each([
    { twoFactorPassed: true, usesAuthenticator: false, expected: true },
    { twoFactorPassed: false, usesAuthenticator: true, expected: true },
    { twoFactorPassed: false, usesAuthenticator: false, expected: false },
  ])('passed=$twoFactorPassed authenticator=$usesAuthenticator → may confirm: $expected', (s) => {
    expect(mayConfirmPairing(s)).toBe(s.expected);
  });

  it.each([
    { name: 'no pairing', pairings: [], mayConfirm: true, expected: 'not-paired' },
    {
      name: 'only unopenable seeds',
      pairings: [pairing({ id: 1, secret: null })],
      mayConfirm: true,
      expected: 'not-paired',
    },
    {
      name: 'a pending pairing it may not confirm',
      pairings: [pairing({ id: 1 })],
      mayConfirm: false,
      expected: 'second-factor-first',
    },
    { name: 'a pending pairing it may confirm', pairings: [pairing({ id: 1 })], mayConfirm: true, expected: null },
    { name: 'a confirmed pairing', pairings: [pairing({ id: 1, confirmed: true })], mayConfirm: false, expected: null },
  ])('with $name: $expected', ({ pairings, mayConfirm, expected }) => {
    expect(authenticatorRefusal(pairings, mayConfirm)).toBe(expected);
  });
});
