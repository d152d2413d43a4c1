import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './same-origin';

const URL_HERE = 'https://backoffice.example/switch-company';

describe('isCrossSiteWrite', () => {
  it.each<{ method: string; headers: Record<string, string>; refused: boolean }>([
    { method: 'POST', headers: { origin: 'https://evil.example' }, refused: true },
    { method: 'POST', headers: { origin: 'null' }, refused: true },
    { method: 'POST', headers: { origin: 'http://backoffice.example' }, refused: true },
    { method: 'POST', headers: { origin: 'https://backoffice.example:8443' }, refused: true },
    { method: 'PUT', headers: { 'sec-fetch-site': 'cross-site' }, refused: true },
    { method: 'DELETE', headers: { 'sec-fetch-site': 'same-site' }, refused: true },
    { method: 'POST', headers: { origin: 'https://backoffice.example' }, refused: false },
    { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, refused: false },
    { method: 'POST', headers: { 'sec-fetch-site': 'none' }, refused: false },
    { method: 'POST', headers: {}, refused: false },
    { method: 'GET', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, refused: false },
    { method: 'HEAD', headers: { 'sec-fetch-site': 'cross-site' }, refused: false },
    // Origin decides when both are present.
    {
      method: 'POST',
      headers: { origin: 'https://backoffice.example', 'sec-fetch-site': 'cross-site' },
      refused: false,
    },
  ])('$method with $headers: refused $refused', ({ method, headers, refused }) => {
    expect(isCrossSiteWrite(method, URL_HERE, new Headers(headers))).toBe(refused);
  });
});
