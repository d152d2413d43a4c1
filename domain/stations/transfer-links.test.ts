import { describe, expect, it } from 'vitest';
import {
  diagnosticsUploadUrl,
  firmwareDownloadUrl,
  linkOutlivesCommand,
  newTransferToken,
  safeFilename,
  transferTokenHash,
} from './transfer-links';

describe('linkOutlivesCommand', () => {
  it.each([
    { outcome: 'accepted', expected: true },
    { outcome: 'timeout', expected: true },
    { outcome: 'rejected', expected: false },
    { outcome: 'offline', expected: false },
  ] as const)('$outcome → $expected', ({ outcome, expected }) => {
    expect(linkOutlivesCommand(outcome)).toBe(expected);
  });
});

describe('safeFilename', () => {
  it.each([
    { name: 'diag 2026:01.log', expected: 'diag_2026_01.log' },
    { name: '../../etc/passwd', expected: 'etc_passwd' },
    { name: '...', expected: 'fallback.txt' },
    { name: undefined, expected: 'fallback.txt' },
    { name: 'a"b;c.bin', expected: 'a_b_c.bin' },
  ])('$name → $expected', ({ name, expected }) => {
    expect(safeFilename(name, 'fallback.txt')).toBe(expected);
  });

  it('keeps at most 120 characters', () => {
    expect(safeFilename('x'.repeat(200), 'f')).toBe('x'.repeat(120));
  });
});

describe('links', () => {
  it('ends an upload location with a slash and encodes a firmware name', () => {
    expect(diagnosticsUploadUrl('https://cs.example', 'tok')).toBe(
      'https://cs.example/api/station-files/diagnostics/tok/',
    );
    expect(firmwareDownloadUrl('https://cs.example', 'tok', 'fw 1.bin')).toBe(
      'https://cs.example/api/station-files/firmware/tok/fw%201.bin',
    );
  });

  it('makes url-safe tokens and hashes them as 64 hex digits', async () => {
    const token = newTransferToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newTransferToken()).not.toBe(token);
    expect(await transferTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
