import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirectTo } from '../../app/lib/redirects';

describe('safeRedirect', () => {
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\r\nSet-Cookie: x=1',
    '/%0A'.replace('%0A', '\n'),
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /connectors/overview',
    'connectors/overview',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    '/\u0085/evil.example',
    '',
    '/login',
    '/login?redirectTo=/x',
    '/2fa',
    '/2fa-qr',
    '/reset-password/abc',
    '/logout',
  ])('refuses %j', (input) => {
    expect(safeRedirect(input, '')).toBe('');
    expect(withRedirectTo('/login', input)).toBe('/login');
  });

  it.each([
    { input: '/connectors/overview', expected: '/connectors/overview' },
    { input: '/sessions?page=2#top', expected: '/sessions?page=2#top' },
    { input: '/connectors/../settings', expected: '/settings' },
    { input: '/%2F%2Fevil.example', expected: '/%2F%2Fevil.example' },
    { input: '/logins', expected: '/logins' },
  ])('keeps the same-origin path $input', ({ input, expected }) => {
    expect(safeRedirect(input, '')).toBe(expected);
  });

  it('whatever it returns stays on the site when a browser resolves it', () => {
    const hostile = ['/\t/evil.example', '/%09/evil.example', '/.//evil.example', '/..//evil.example', '/a/..//evil'];
    for (const input of hostile) {
      const kept = safeRedirect(input, '/');
      expect(new URL(kept, 'https://site.example').origin).toBe('https://site.example');
    }
  });

  it('refuses a value that is not a string', () => {
    expect(safeRedirect(null, '/home')).toBe('/home');
    expect(safeRedirect(undefined, '/home')).toBe('/home');
  });
});
