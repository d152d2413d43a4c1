import { describe, expect, it } from 'vitest';
import { authEmail } from './auth-emails';
import { LANGUAGES } from './languages';

describe('login e-mails', () => {
  it.each(LANGUAGES)('carry the code and the link in %s, translated', (lang) => {
    const code = authEmail('two-factor-code', lang, { code: '012345', minutes: 10 });
    expect(code.text).toContain('012345');
    expect(code.text).toContain('10');
    expect(code.text).not.toMatch(/\{\{/);
    const reset = authEmail('password-reset', lang, { link: 'https://bo.test/reset-password/tok', minutes: 60 });
    expect(reset.text).toContain('https://bo.test/reset-password/tok');
    expect(reset.text).toContain('60');
    expect(reset.text).not.toMatch(/\{\{/);
    if (lang !== 'en') {
      expect(code.subject).not.toBe(authEmail('two-factor-code', 'en', {}).subject);
      expect(reset.subject).not.toBe(authEmail('password-reset', 'en', {}).subject);
    }
  });

  it('falls back to English for an unknown language', () => {
    expect(authEmail('two-factor-code', 'xx', { code: '1', minutes: 1 }).subject).toBe('Your login code');
  });
});
