import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CommandResponse, CommandResult, commandResultOf, StartSession, StopSession } from './commands';
import { envelopeOf } from './schemas';
import { AuthorizationInfo, cachedVerdict, fallbackWithoutAnswer, isNewer, Token, TokenPatch } from './tokens';

const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/ocpi-2.2.1/${name}`, import.meta.url), 'utf8'));

describe('OCPI token schemas against the reference examples', () => {
  it.each(['token_example_1_app_user.json', 'token_example_2_full_rfid.json', 'token_put_example.json'])(
    '%s parses as Token, unchanged',
    (name) => {
      expect(Token.parse(example(name))).toEqual(example(name));
    },
  );
  it('token_patch_example.json parses as a PATCH and not as a Token', () => {
    expect(TokenPatch.parse(example('token_patch_example.json'))).toEqual({
      valid: false,
      last_updated: '2019-06-19T02:11:11Z',
    });
    expect(Token.safeParse(example('token_patch_example.json')).success).toBe(false);
  });
  it('the enveloped GET token example parses with Token as data', () => {
    const parsed = envelopeOf(Token).parse(example('transport_and_format_get_token_example.json'));
    expect(parsed.data.uid).toBe('012345678');
  });
  it('refuses a token with an unknown whitelist or a uid over 36 characters', () => {
    const base = example('token_put_example.json') as Record<string, unknown>;
    expect(Token.safeParse({ ...base, whitelist: 'SOMETIMES' }).success).toBe(false);
    expect(Token.safeParse({ ...base, uid: 'x'.repeat(37) }).success).toBe(false);
  });
  it('AuthorizationInfo needs an allowed value and the whole token', () => {
    const token = example('token_put_example.json');
    expect(AuthorizationInfo.parse({ allowed: 'ALLOWED', token, authorization_reference: 'ref-1' }).allowed).toBe(
      'ALLOWED',
    );
    expect(AuthorizationInfo.safeParse({ allowed: 'MAYBE', token }).success).toBe(false);
    expect(AuthorizationInfo.safeParse({ allowed: 'ALLOWED' }).success).toBe(false);
  });
});

describe('token rules', () => {
  it('applies only a strictly newer last_updated (late or duplicated messages are ignored)', () => {
    const stored = new Date('2026-11-27T10:00:00Z');
    expect(isNewer('2026-11-27T10:00:01Z', stored)).toBe(true);
    expect(isNewer('2026-11-27T10:00:00Z', stored)).toBe(false);
    expect(isNewer('2026-11-27T09:59:59', stored)).toBe(false);
    expect(isNewer('2015-06-29T22:39:09Z', null)).toBe(true);
  });
  it('ALWAYS is decided from the cache; the other whitelist types ask the eMSP', () => {
    expect(cachedVerdict({ whitelist: 'ALWAYS', valid: true })).toBe('accept');
    expect(cachedVerdict({ whitelist: 'ALWAYS', valid: false })).toBe('refuse');
    for (const whitelist of ['ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const)
      expect(cachedVerdict({ whitelist, valid: true })).toBe('ask');
  });
  it('without an answer, ALLOWED and ALLOWED_OFFLINE fall back to the cache, NEVER is refused', () => {
    expect(fallbackWithoutAnswer({ whitelist: 'ALLOWED', valid: true })).toBe(true);
    expect(fallbackWithoutAnswer({ whitelist: 'ALLOWED_OFFLINE', valid: true })).toBe(true);
    expect(fallbackWithoutAnswer({ whitelist: 'ALLOWED', valid: false })).toBe(false);
    expect(fallbackWithoutAnswer({ whitelist: 'NEVER', valid: true })).toBe(false);
  });
});

describe('OCPI command schemas and results', () => {
  const token = example('token_put_example.json');
  it('parses StartSession and StopSession and refuses one without response_url', () => {
    const start = { response_url: 'https://emsp.example/cmd/1', token, location_id: 'LOC1', evse_uid: 'E1' };
    expect(StartSession.parse(start)).toEqual(start);
    expect(StopSession.safeParse({ session_id: 'S1' }).success).toBe(false);
    expect(CommandResponse.parse({ result: 'ACCEPTED', timeout: 30 }).timeout).toBe(30);
  });
  it('maps the charge point answer to the CommandResult', () => {
    expect(commandResultOf({ status: 'accepted', replyStatus: 'Accepted' })).toEqual({ result: 'ACCEPTED' });
    expect(commandResultOf({ status: 'accepted', replyStatus: 'Unlocked' }).result).toBe('ACCEPTED');
    expect(commandResultOf({ status: 'accepted', replyStatus: 'Rejected' }).result).toBe('REJECTED');
    expect(commandResultOf({ status: 'accepted', replyStatus: 'Occupied' }).result).toBe('EVSE_OCCUPIED');
    expect(commandResultOf({ status: 'timeout' }).result).toBe('TIMEOUT');
    expect(commandResultOf({ status: 'offline' }).result).toBe('FAILED');
    expect(commandResultOf({ status: 'rejected', code: 'NotImplemented' }).result).toBe('NOT_SUPPORTED');
    for (const s of ['Accepted', 'Rejected', 'Faulted'])
      expect(CommandResult.safeParse(commandResultOf({ status: 'accepted', replyStatus: s })).success).toBe(true);
  });
});
