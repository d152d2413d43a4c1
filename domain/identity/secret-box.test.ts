import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

const KEY = 'unit-test-secret-0123456789abcdef0123456789';

describe('secret box', () => {
  it('round-trips and uses a fresh IV every time', async () => {
    const a = await encryptSecret('JBSWY3DPEHPK3PXP', KEY, 'totp:1');
    const b = await encryptSecret('JBSWY3DPEHPK3PXP', KEY, 'totp:1');
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await decryptSecret(a, KEY, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(await decryptSecret(b, KEY, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another context, a tampered or malformed value', async () => {
    const sealed = await encryptSecret('JBSWY3DPEHPK3PXP', KEY, 'totp:1');
    expect(await decryptSecret(sealed, `${KEY}x`, 'totp:1')).toBeNull();
    expect(await decryptSecret(sealed, KEY, 'totp:2')).toBeNull();
    // Flip a character inside the ciphertext: the last one may only carry base64 padding bits.
    const at = sealed.length - 6;
    const flipped = sealed[at] === 'A' ? 'B' : 'A';
    expect(await decryptSecret(sealed.slice(0, at) + flipped + sealed.slice(at + 1), KEY, 'totp:1')).toBeNull();
    expect(await decryptSecret('v0.abc.def', KEY, 'totp:1')).toBeNull();
    expect(await decryptSecret('not sealed', KEY, 'totp:1')).toBeNull();
  });
});
