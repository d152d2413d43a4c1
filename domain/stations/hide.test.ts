import { describe, expect, it } from 'vitest';
import { hideDecision } from './hide';

describe('hideDecision', () => {
  const found = [
    { uid: 'A', hidden: false },
    { uid: 'B', hidden: true },
  ];

  it('names the first uid not found, so nothing is changed', () => {
    expect(hideDecision(['A', 'X', 'Y'], found, true)).toEqual({ missing: 'X' });
  });

  it('changes only the stations whose state differs', () => {
    expect(hideDecision(['A', 'B'], found, true)).toEqual({ missing: null, changing: [{ uid: 'A', hidden: false }] });
    expect(hideDecision(['A', 'B'], found, false)).toEqual({ missing: null, changing: [{ uid: 'B', hidden: true }] });
  });

  it('changes nothing when every station is already in the state asked for', () => {
    expect(hideDecision(['B'], [{ uid: 'B', hidden: true }], true)).toEqual({ missing: null, changing: [] });
  });
});
