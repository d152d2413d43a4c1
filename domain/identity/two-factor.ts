/** @module E-mailed one-time codes: six digits from the platform's CSPRNG, without modulo bias. */

export const EMAIL_CODE_DIGITS = 6;

/** A uniformly random code of `digits` decimal digits, leading zeros kept. */
export function generateNumericCode(digits = EMAIL_CODE_DIGITS): string {
  const range = 10 ** digits;
  // Reject draws from the top partial range so every code is equally likely.
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const n = buf[0] ?? 0;
    if (n < limit) return String(n % range).padStart(digits, '0');
  }
}

/** What the user typed, with spaces removed; null when it cannot be a code at all. */
export function normalizeCode(input: string, digits = EMAIL_CODE_DIGITS): string | null {
  const code = input.replace(/\s+/g, '');
  return new RegExp(`^\\d{${digits}}$`).test(code) ? code : null;
}
