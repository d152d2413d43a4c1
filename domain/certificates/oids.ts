/** @module The object identifiers the CA reads and writes. */
export const OID = {
  commonName: '2.5.4.3',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  ecdsaWithSHA384: '1.2.840.10045.4.3.3',
  ecdsaWithSHA512: '1.2.840.10045.4.3.4',
  p256: '1.2.840.10045.3.1.7',
  p384: '1.3.132.0.34',
  extensionRequest: '1.2.840.113549.1.9.14',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  cRLNumber: '2.5.29.20',
  cRLReason: '2.5.29.21',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

/** Short names for subjects shown to people (RFC 4514 style). */
export const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  [OID.commonName]: 'CN',
  [OID.countryName]: 'C',
  [OID.organizationName]: 'O',
  [OID.organizationalUnitName]: 'OU',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.5': 'serialNumber',
};
