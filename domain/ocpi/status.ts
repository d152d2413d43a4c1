/** @module OCPI 2.2.1 status codes (status_codes.asciidoc) and the envelope built around every answer. */

export const OcpiStatus = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  clientApiUnusable: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
  hubError: 4000,
} as const;
export type OcpiStatusCode = (typeof OcpiStatus)[keyof typeof OcpiStatus];

/** DateTime as the spec writes it: UTC, seconds, `Z`. */
export const ocpiTimestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export function envelope<T>(data: T | undefined, statusCode: number, statusMessage: string, at: Date) {
  return {
    ...(data === undefined ? {} : { data }),
    status_code: statusCode,
    status_message: statusMessage,
    timestamp: ocpiTimestamp(at),
  };
}
