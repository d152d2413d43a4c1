import { describe, expect, it } from 'vitest';
import { allowedOf, contractIdOf, type PublishedCard, sentCommandState, tokenOfCard } from './emsp-tokens';
import { authMethod } from './sessions';
import { Token } from './tokens';

const party = { countryCode: 'FR', partyId: 'C01' };
const card = (over: Partial<PublishedCard> = {}): PublishedCard => ({
  id: 42,
  uuid: '04A2B3C4D5',
  keyHangerCode: 'KH-0042',
  parentIdTag: null,
  status: 'active',
  userId: 7,
  peering: '3',
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: null,
  blockedAt: null,
  unlinkedAt: null,
  companyName: 'Fleet Co',
  hideRoaming: false,
  ...over,
});

describe('our cards as OCPI tokens', () => {
  it('publishes a card as a valid RFID token of our EMSP party, whitelist ALLOWED, stamped by its last change', () => {
    const token = tokenOfCard(card({ updatedAt: new Date('2026-11-20T08:30:00.500Z') }), party, 3);
    expect(Token.parse(token)).toEqual({
      country_code: 'FR',
      party_id: 'C01',
      uid: '04A2B3C4D5',
      type: 'RFID',
      contract_id: contractIdOf(party, 42),
      visual_number: 'KH-0042',
      issuer: 'Fleet Co',
      valid: true,
      whitelist: 'ALLOWED',
      last_updated: '2026-11-20T08:30:00Z',
    });
    expect(contractIdOf(party, 42)).toBe('FR-C01-C00000016');
  });

  it('is not valid once blocked, unlinked, unassigned, hidden from roaming, or on another peering', () => {
    const blockedAt = new Date('2026-11-25T00:00:00Z');
    const blocked = tokenOfCard(card({ status: 'blocked', blockedAt }), party, 3);
    expect(blocked).toMatchObject({ valid: false, last_updated: '2026-11-25T00:00:00Z' });
    expect(tokenOfCard(card({ status: 'unlinked' }), party, 3).valid).toBe(false);
    expect(tokenOfCard(card({ userId: null }), party, 3).valid).toBe(false);
    expect(tokenOfCard(card({ hideRoaming: true }), party, 3).valid).toBe(false);
    expect(tokenOfCard(card({ peering: '4' }), party, 3).valid).toBe(false);
    expect(tokenOfCard(card({ peering: null }), party, 3).valid).toBe(false);
  });
});

describe('our decision as an AllowedType', () => {
  it('maps each refusal to what the CPO must know', () => {
    expect(allowedOf({ status: 'Accepted', budget: null }, false)).toBe('ALLOWED');
    expect(allowedOf({ status: 'Blocked', budget: null }, false)).toBe('NO_CREDIT');
    expect(allowedOf({ status: 'Blocked', prepaidRefusal: true }, false)).toBe('NO_CREDIT');
    expect(allowedOf({ status: 'Expired' }, false)).toBe('EXPIRED');
    expect(allowedOf({ status: 'Blocked' }, true)).toBe('BLOCKED');
    expect(allowedOf({ status: 'Blocked' }, false)).toBe('NOT_ALLOWED');
    expect(allowedOf({ status: 'ConcurrentTx' }, false)).toBe('NOT_ALLOWED');
    expect(allowedOf({ status: 'Invalid' }, false)).toBe('NOT_ALLOWED');
  });
});

describe('a command sent to a partner', () => {
  const sent = new Date('2026-11-27T10:00:00Z');
  const at = (s: number) => new Date(sent.getTime() + s * 1000);
  const row = { error: null, responseResult: 'ACCEPTED', responseTimeout: 30, result: null, createdAt: sent };
  it('waits for its result within the partner timeout, then times out', () => {
    expect(sentCommandState(row, at(29))).toBe('waiting');
    expect(sentCommandState(row, at(31))).toBe('timeout');
    expect(sentCommandState({ ...row, result: 'ACCEPTED' }, at(60))).toBe('done');
  });
  it('failed without an answer, rejected when the partner did not accept it', () => {
    expect(sentCommandState({ ...row, responseResult: null, error: 'timeout' }, at(1))).toBe('failed');
    expect(sentCommandState({ ...row, responseResult: 'REJECTED' }, at(1))).toBe('rejected');
  });
});

describe('auth_method of a partner token’s session (our CPO side)', () => {
  it('is what was recorded at the start, else COMMAND for a remote start and WHITELIST otherwise', () => {
    expect(authMethod('RFID', 'AUTH_REQUEST')).toBe('AUTH_REQUEST');
    expect(authMethod('RFID', 'COMMAND')).toBe('COMMAND');
    expect(authMethod('Remote', null)).toBe('COMMAND');
    expect(authMethod('RFID', null)).toBe('WHITELIST');
    expect(authMethod('RFID', 'bogus')).toBe('WHITELIST');
  });
});
