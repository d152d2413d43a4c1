/** @module What GET /api/2fa/authenticator/code answers, shared by the /2fa-qr page and its server code. */

/** A pairing waiting for its first code: the seed to scan. */
export type Seed = { paired: false; secret: string; otpauthUri: string; qrSvg: string };
/** Paired, or not paired and no seed to show (pairing again needs the current second factor). */
export type Pairing = { paired: boolean } | Seed;

export const hasSeed = (pairing: Pairing | null | undefined): pairing is Seed => pairing != null && 'secret' in pairing;
