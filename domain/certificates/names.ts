/** @module X.509 distinguished names: read into attributes, changed, written back, shown as text. */

import { type Der, DerError, decodeOid, decodeString, expect, seq, TAG, tlv, utf8String, oid as writeOid } from './der';
import { ATTRIBUTE_NAMES } from './oids';

/** One attribute of a name; `raw` is its value element as received (re-written unchanged). */
export interface NameAttribute {
  oid: string;
  text: string;
  raw: Uint8Array;
}

/** A Name as a list of relative distinguished names, each a set of attributes (nearly always one). */
export type Name = NameAttribute[][];

const STRING_TAGS: ReadonlySet<number> = new Set([
  TAG.UTF8_STRING,
  TAG.PRINTABLE_STRING,
  TAG.T61_STRING,
  TAG.IA5_STRING,
  TAG.BMP_STRING,
]);

export function readName(el: Der | undefined): Name {
  return expect(el, TAG.SEQUENCE).map((rdn) =>
    expect(rdn, TAG.SET, 1).map((atv) => {
      const [type, value] = expect(atv, TAG.SEQUENCE, 2);
      if (!value || !STRING_TAGS.has(value.tag)) throw new DerError('Unsupported name attribute value');
      return { oid: decodeOid(type), text: decodeString(value), raw: value.raw };
    }),
  );
}

export function writeName(name: Name): Uint8Array {
  return seq(...name.map((rdn) => tlv(TAG.SET, ...rdn.map((a) => seq(writeOid(a.oid), a.raw)))));
}

/** Every value of the attribute `oid`, in order. */
export function values(name: Name, oid: string): string[] {
  return name.flat().flatMap((a) => (a.oid === oid ? [a.text] : []));
}

/**
 * The name with every `oid` attribute set to `text` (UTF8String); when it had none, the attribute
 * is added as its own RDN before the first RDN holding `before` (or at the end).
 */
export function withAttribute(name: Name, oid: string, text: string, before?: string): Name {
  const attribute: NameAttribute = { oid, text, raw: utf8String(text) };
  if (values(name, oid).length > 0) return name.map((rdn) => rdn.map((a) => (a.oid === oid ? attribute : a)));
  const at = before === undefined ? -1 : name.findIndex((rdn) => rdn.some((a) => a.oid === before));
  const out = [...name];
  out.splice(at < 0 ? out.length : at, 0, [attribute]);
  return out;
}

/** RFC 4514-like text, most significant RDN first as written (e.g. "C=FR, O=Voltaria, CN=CP-1"). */
export function nameText(name: Name): string {
  return name.map((rdn) => rdn.map((a) => `${ATTRIBUTE_NAMES[a.oid] ?? a.oid}=${a.text}`).join(' + ')).join(', ');
}
