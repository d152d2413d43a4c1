import { describe, expect, it } from 'vitest';
import { MAX_BULK_FILTER_MATCHES, tooManyToChange } from './bulk-limits';

describe('tooManyToChange', () => {
  it('accepts a filter matching up to the cap and refuses one more', () => {
    expect(tooManyToChange(0)).toBe(false);
    expect(tooManyToChange(MAX_BULK_FILTER_MATCHES)).toBe(false);
    expect(tooManyToChange(MAX_BULK_FILTER_MATCHES + 1)).toBe(true);
  });
});
