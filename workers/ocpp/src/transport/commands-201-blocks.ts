/**
 * @module The back office's commands of OCPP 2.0.1 blocks A (certificates), D (local authorization
 * list), H (reservation), L (firmware) and P (DataTransfer) on a 2.0.1 connection (ADR 058 addendum).
 * Callers send the 1.6 form (SendLocalList, ReserveNow, UpdateFirmware, the Security Whitepaper's
 * SignedUpdateFirmware, InstallCertificate, GetInstalledCertificateIds); the station gets the 2.0.1 one.
 * CancelReservation, GetLocalListVersion, DataTransfer, CertificateSigned and DeleteCertificate have the
 * same request in both versions and go as they are; GetLocalListVersion's answer is also given as 1.6's
 * `listVersion`.
 */
type Payload = Record<string, unknown>;

export interface BlockTranslation {
  action: string;
  payload: unknown;
  reply: (reply: unknown) => unknown;
}

/** The station's status, other 2.0.1 fields (statusInfo) left out as in the other translations. */
const statusOnly = (reply: unknown) => ({ status: String((reply as { status?: unknown }).status) });

/** Ours to choose: the station names it in the FirmwareStatusNotifications of this update. */
const newRequestId = () => Math.floor(Date.now() / 1000) % 2_147_483_647;

const retries = (p: Payload) => ({
  ...(typeof p.retries === 'number' ? { retries: p.retries } : {}),
  ...(typeof p.retryInterval === 'number' ? { retryInterval: p.retryInterval } : {}),
});

/**
 * A 1.6 idTag as the 2.0.1 idToken a driver presents: the back office's cards are RFID cards
 * (ISO 14443). A caller who knows another type sends the command in its 2.0.1 form.
 */
const cardToken = (idTag: unknown) => ({ idToken: idTag, type: 'ISO14443' });
const groupToken = (parentIdTag: unknown) => ({ idToken: parentIdTag, type: 'Central' });

type LocalListEntry16 = {
  idTag: string;
  idTagInfo?: { status: string; expiryDate?: string; parentIdTag?: string };
};

/** A 1.6 local list entry in 2.0.1 terms (without idTagInfo, a Differential update removes it). */
function toAuthorizationData(entry: LocalListEntry16) {
  const info = entry.idTagInfo;
  if (!info) return { idToken: cardToken(entry.idTag) };
  return {
    idToken: cardToken(entry.idTag),
    idTokenInfo: {
      status: info.status,
      ...(info.expiryDate ? { cacheExpiryDateTime: info.expiryDate } : {}),
      ...(info.parentIdTag ? { groupIdToken: groupToken(info.parentIdTag) } : {}),
    },
  };
}

/** The 2.0.1 form of a valid 1.6 command of blocks A, D, H, L; null for any other action. */
export function blocksCommand201(action: string, p: Payload): BlockTranslation | null {
  switch (action) {
    case 'SendLocalList': {
      const list = (p.localAuthorizationList as LocalListEntry16[] | undefined) ?? [];
      return {
        action: 'SendLocalList',
        payload: {
          versionNumber: p.listVersion,
          updateType: p.updateType,
          // 2.0.1 allows no empty list: a Full update without entries (clearing it) leaves the field out.
          ...(list.length > 0 ? { localAuthorizationList: list.map(toAuthorizationData) } : {}),
        },
        reply: statusOnly,
      };
    }
    case 'ReserveNow':
      return {
        action: 'ReserveNow',
        payload: {
          id: p.reservationId,
          expiryDateTime: p.expiryDate,
          idToken: cardToken(p.idTag),
          // Connector 0 reserves the station (any EVSE): 2.0.1 leaves evseId out.
          ...(typeof p.connectorId === 'number' && p.connectorId > 0 ? { evseId: p.connectorId } : {}),
          ...(typeof p.parentIdTag === 'string' ? { groupIdToken: groupToken(p.parentIdTag) } : {}),
        },
        reply: statusOnly,
      };
    case 'UpdateFirmware':
      return {
        action: 'UpdateFirmware',
        payload: {
          requestId: newRequestId(),
          ...retries(p),
          firmware: { location: p.location, retrieveDateTime: p.retrieveDate },
        },
        // 1.6 answers nothing; the 2.0.1 status (Rejected, InvalidCertificate…) tells the caller more.
        reply: statusOnly,
      };
    case 'SignedUpdateFirmware':
      // The Security Whitepaper's signed update is 2.0.1's UpdateFirmware, field for field
      // (location, retrieveDateTime, installDateTime, signingCertificate, signature).
      return {
        action: 'UpdateFirmware',
        payload: { requestId: p.requestId, ...retries(p), firmware: p.firmware },
        reply: statusOnly,
      };
    case 'InstallCertificate':
      return {
        action: 'InstallCertificate',
        payload: { certificateType: certificateUse(p.certificateType), certificate: p.certificate },
        reply: statusOnly,
      };
    case 'GetInstalledCertificateIds':
      return {
        action: 'GetInstalledCertificateIds',
        payload: { certificateType: [certificateUse(p.certificateType)] },
        reply: installedIds,
      };
    default:
      return null;
  }
}

/** The Security Whitepaper's certificate use in 2.0.1 terms (the CSMS is 1.6's central system). */
const certificateUse = (use: unknown) => (use === 'CentralSystemRootCertificate' ? 'CSMSRootCertificate' : use);

/** 2.0.1's certificateHashDataChain as 1.6's certificateHashData (the chain kept beside it). */
function installedIds(reply: unknown) {
  const r = reply as { status?: unknown; certificateHashDataChain?: { certificateHashData: unknown }[] };
  const chain = r.certificateHashDataChain ?? [];
  return {
    status: String(r.status),
    ...(chain.length > 0
      ? { certificateHashData: chain.map((c) => c.certificateHashData), certificateHashDataChain: chain }
      : {}),
  };
}

/** Answers a 1.6 caller reads under another name, for requests both versions share. */
export const NATIVE_REPLY_201: Record<string, (reply: unknown) => unknown> = {
  GetLocalListVersion: (reply) => {
    const r = reply as { versionNumber?: unknown };
    return { ...r, listVersion: r.versionNumber };
  },
};
