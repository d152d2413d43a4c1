import { describe, expect, it } from 'vitest';
import { logWindowInOrder } from './station-log';

describe('logWindowInOrder', () => {
  const window = [{ id: 3 }, { id: 7 }, { id: 5 }];

  it('answers newest first for desc and oldest first for asc, by key', () => {
    expect(logWindowInOrder(window, 'desc').map((e) => e.id)).toEqual([7, 5, 3]);
    expect(logWindowInOrder(window, 'asc').map((e) => e.id)).toEqual([3, 5, 7]);
  });

  it('leaves the window it was given as it was', () => {
    logWindowInOrder(window, 'desc');
    expect(window.map((e) => e.id)).toEqual([3, 7, 5]);
  });
});
