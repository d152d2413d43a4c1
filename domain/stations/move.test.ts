import { describe, expect, it } from 'vitest';
import { moveRefusal } from './move';

describe('moveRefusal', () => {
  const found = [
    { id: 1, companyId: 10 },
    { id: 2, companyId: 11 },
  ];

  it('refuses a target outside the tree before anything else', () => {
    expect(moveRefusal({ target: null, requested: [1, 9], found })).toEqual({ reason: 'targetOutsideTree' });
  });

  it('names the first requested station not operated in the tree', () => {
    expect(moveRefusal({ target: { id: 12 }, requested: [1, 9, 8], found })).toEqual({
      reason: 'stationNotFound',
      id: 9,
    });
  });

  it('refuses a station already operated by the target', () => {
    expect(moveRefusal({ target: { id: 11 }, requested: [1, 2], found })).toEqual({ reason: 'alreadyThere', id: 2 });
  });

  it('lets a move of found stations to another operator go ahead', () => {
    expect(moveRefusal({ target: { id: 12 }, requested: [1, 2], found })).toBeNull();
  });
});
