import { describe, expect, it } from 'vitest';
import {
  backOfficeTitle,
  brandColor,
  brandFillSafe,
  checkLogo,
  displayedTitle,
  logoKey,
  MAX_LOGO_BYTES,
} from './branding';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('brand colour', () => {
  it('accepts #rrggbb, stored lower-case', () => {
    expect(brandColor('#1A2b3C')).toBe('#1a2b3c');
    expect(brandColor(' #000000 ')).toBe('#000000');
  });
  it('refuses anything else', () => {
    for (const v of ['#fff', '1a2b3c', '#1a2b3g', '#1a2b3c4d', 'red', '', 'url(x)']) expect(brandColor(v)).toBeNull();
  });
});

describe('back-office title', () => {
  it('is trimmed, its white space collapsed, 1 to 60 characters', () => {
    expect(backOfficeTitle('  Acme   Charge ')).toBe('Acme Charge');
    expect(backOfficeTitle('x'.repeat(60))).toBe('x'.repeat(60));
    expect(backOfficeTitle('x'.repeat(61))).toBeNull();
    expect(backOfficeTitle('   ')).toBeNull();
  });
  it('replaces the product name only when the company is white-label', () => {
    expect(displayedTitle('Back office', { whiteLabel: true, title: 'Acme' })).toBe('Acme');
    expect(displayedTitle('Back office', { whiteLabel: false, title: 'Acme' })).toBe('Back office');
    expect(displayedTitle('Back office', { whiteLabel: true, title: null })).toBe('Back office');
  });
});

describe('logo', () => {
  it('accepts PNG and JPEG read from the bytes', () => {
    expect(checkLogo(PNG, 10)).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkLogo(JPEG, 4)).toEqual({ ok: true, contentType: 'image/jpeg' });
  });
  it('refuses SVG (it can carry script), empty and over 1 MB', () => {
    expect(checkLogo(SVG, SVG.length)).toEqual({ ok: false, reason: 'type_refused' });
    expect(checkLogo(PNG, 0)).toEqual({ ok: false, reason: 'empty' });
    expect(checkLogo(PNG, MAX_LOGO_BYTES + 1)).toEqual({ ok: false, reason: 'too_large' });
  });
  it('gets a key of its own per upload', () => {
    expect(logoKey(7, 'abc', 'image/png')).toBe('company-logos/7/abc.png');
    expect(logoKey(7, 'abc', 'image/jpeg')).toBe('company-logos/7/abc.jpg');
  });
});

describe('brand colour as the buttons’ fill', () => {
  it('is used only when white text on it stays readable (4.5:1)', () => {
    expect(brandFillSafe('#1a73e8')).toBe(true);
    expect(brandFillSafe('#000000')).toBe(true);
    expect(brandFillSafe('#ffeb3b')).toBe(false);
    expect(brandFillSafe('#ffffff')).toBe(false);
  });
});
