import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  contentDisposition,
  documentFileName,
  documentKey,
  kwhTextToWh,
  MAX_DOCUMENT_BYTES,
  mayDelete,
  periodAllowed,
  sniffContentType,
  typeOfSlug,
} from './documents';

const PDF = new TextEncoder().encode('%PDF-1.7\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const TEXT = new TextEncoder().encode('hello, %PDF-');

describe('sniffContentType', () => {
  it.each([
    { name: 'PDF', head: PDF, expected: 'application/pdf' },
    { name: 'PNG', head: PNG, expected: 'image/png' },
    { name: 'JPEG', head: JPEG, expected: 'image/jpeg' },
    { name: 'text containing %PDF- later', head: TEXT, expected: null },
    { name: 'a truncated PNG signature', head: PNG.slice(0, 7), expected: null },
    { name: 'nothing', head: new Uint8Array(), expected: null },
  ])('$name → $expected', ({ head, expected }) => {
    expect(sniffContentType(head)).toBe(expected);
  });
});

describe('checkUpload', () => {
  it.each([
    { type: 'power_contract', head: PDF, size: 100, expected: { ok: true, contentType: 'application/pdf' } },
    { type: 'power_contract', head: PNG, size: 100, expected: { ok: false, reason: 'type_refused' } },
    { type: 'power_contract', head: JPEG, size: 100, expected: { ok: false, reason: 'type_refused' } },
    { type: 'meter_reading', head: PNG, size: 100, expected: { ok: true, contentType: 'image/png' } },
    { type: 'meter_reading', head: JPEG, size: 100, expected: { ok: true, contentType: 'image/jpeg' } },
    { type: 'meter_reading', head: PDF, size: 100, expected: { ok: true, contentType: 'application/pdf' } },
    { type: 'meter_reading', head: TEXT, size: 100, expected: { ok: false, reason: 'type_refused' } },
    { type: 'meter_reading', head: PNG, size: 0, expected: { ok: false, reason: 'empty' } },
    {
      type: 'power_contract',
      head: PDF,
      size: MAX_DOCUMENT_BYTES,
      expected: { ok: true, contentType: 'application/pdf' },
    },
    { type: 'power_contract', head: PDF, size: MAX_DOCUMENT_BYTES + 1, expected: { ok: false, reason: 'too_large' } },
  ] as const)('$type of $size bytes → $expected.ok', ({ type, head, size, expected }) => {
    expect(checkUpload(type, head, size)).toEqual(expected);
  });
});

describe('periodAllowed', () => {
  // 2026-03-31 23:30 UTC is already April in Rome (CEST, +2).
  const now = new Date('2026-03-31T23:30:00Z');
  it.each([
    { period: '2026-03', zone: 'UTC', ok: true },
    { period: '2026-04', zone: 'UTC', ok: false },
    { period: '2026-04', zone: 'Europe/Rome', ok: true },
    { period: '2026-05', zone: 'Europe/Rome', ok: false },
    { period: '2025-12', zone: 'UTC', ok: true },
    { period: '2026-13', zone: 'UTC', ok: false },
    { period: '2026-00', zone: 'UTC', ok: false },
    { period: '2026-3', zone: 'UTC', ok: false },
    { period: '1999-12', zone: 'UTC', ok: false },
  ])('$period in $zone → $ok', ({ period, zone, ok }) => {
    expect(periodAllowed(period, now, zone)).toBe(ok);
  });
});

describe('kwhTextToWh', () => {
  it.each([
    { text: '12345.678', wh: 12_345_678 },
    { text: '12345,6', wh: 12_345_600 },
    { text: '0', wh: 0 },
    { text: ' 7 ', wh: 7000 },
    { text: '0.001', wh: 1 },
    { text: '1.2345', wh: null },
    { text: '-1', wh: null },
    { text: '1e3', wh: null },
    { text: '', wh: null },
  ])('$text → $wh', ({ text, wh }) => {
    expect(kwhTextToWh(text)).toBe(wh);
  });
});

describe('mayDelete', () => {
  const employee = { role: 'employee' as const, userId: 7 };
  const manager = { role: 'manager' as const, userId: 1 };
  it.each([
    {
      who: 'employee, own, not reviewed',
      actor: employee,
      doc: { type: 'meter_reading', userId: 7, approved: null },
      ok: true,
    },
    {
      who: 'employee, own, invalidated',
      actor: employee,
      doc: { type: 'power_contract', userId: 7, approved: false },
      ok: true,
    },
    {
      who: 'employee, own, approved',
      actor: employee,
      doc: { type: 'power_contract', userId: 7, approved: true },
      ok: false,
    },
    {
      who: "employee, another's",
      actor: employee,
      doc: { type: 'meter_reading', userId: 8, approved: null },
      ok: false,
    },
    { who: 'manager, approved', actor: manager, doc: { type: 'power_contract', userId: 7, approved: true }, ok: true },
    { who: 'manager, statement', actor: manager, doc: { type: 'statement', userId: 7, approved: null }, ok: false },
    {
      who: 'employee, own statement',
      actor: employee,
      doc: { type: 'statement', userId: 7, approved: null },
      ok: false,
    },
  ] as const)('$who → $ok', ({ actor, doc, ok }) => {
    expect(mayDelete(actor, doc)).toBe(ok);
  });
});

describe('file names', () => {
  it.each([
    { name: 'contract.pdf', type: 'image/png', expected: 'contract.png' },
    { name: '../../etc/passwd', type: 'application/pdf', expected: 'passwd.pdf' },
    { name: 'C:\\Users\\me\\Zähler März.JPEG', type: 'image/jpeg', expected: 'Zähler März.jpg' },
    { name: 'a"b;\r\nc.pdf', type: 'application/pdf', expected: 'a_b_c.pdf' },
    { name: '', type: 'application/pdf', expected: 'document.pdf' },
    { name: '.hidden', type: 'image/png', expected: 'hidden.png' },
  ] as const)('$name as $type → $expected', ({ name, type, expected }) => {
    expect(documentFileName(name, type, 'document')).toBe(expected);
  });

  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Zähler März.jpg')).toBe(
      `attachment; filename="Z_hler M_rz.jpg"; filename*=UTF-8''Z%C3%A4hler%20M%C3%A4rz.jpg`,
    );
  });

  it('keys objects by ids and a uuid only', () => {
    expect(documentKey(3, 9, 'u-u-i-d')).toBe('reimbursement/3/9/u-u-i-d');
  });

  it('reads the URL segment of a type', () => {
    expect(typeOfSlug('power-contract')).toBe('power_contract');
    expect(typeOfSlug('meter-reading')).toBe('meter_reading');
    expect(typeOfSlug('statement')).toBeNull();
    expect(typeOfSlug(undefined)).toBeNull();
  });
});
