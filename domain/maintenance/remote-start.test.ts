import { describe, expect, it } from 'vitest';
import { type RemoteStartFacts, remoteStartRefusal } from './remote-start';

const ok: RemoteStartFacts = {
  user: { status: 'active', companyId: 2 },
  scope: [1, 2],
  connectorStatus: 'available',
  hasActiveCard: true,
};

describe('remoteStartRefusal', () => {
  it('lets an active user of the tree with a card start on a free or preparing connector', () => {
    expect(remoteStartRefusal(ok)).toBeNull();
    expect(remoteStartRefusal({ ...ok, connectorStatus: 'preparing' })).toBeNull();
  });

  it('answers an unknown, inactive or out-of-tree user as not found, before anything else', () => {
    expect(remoteStartRefusal({ ...ok, user: undefined, connectorStatus: 'charging' })).toBe('USER_NOT_FOUND');
    expect(remoteStartRefusal({ ...ok, user: { status: 'blocked', companyId: 2 } })).toBe('USER_NOT_FOUND');
    expect(remoteStartRefusal({ ...ok, user: { status: 'active', companyId: 9 } })).toBe('USER_NOT_FOUND');
  });

  it('refuses a busy connector before looking at the card', () => {
    expect(remoteStartRefusal({ ...ok, connectorStatus: 'charging', hasActiveCard: false })).toBe('CONNECTOR_BUSY');
    expect(remoteStartRefusal({ ...ok, connectorStatus: 'faulted' })).toBe('CONNECTOR_BUSY');
  });

  it('refuses a user without an active card', () => {
    expect(remoteStartRefusal({ ...ok, hasActiveCard: false })).toBe('NO_ACTIVE_RFID');
  });
});
