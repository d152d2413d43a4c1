/**
 * @module The maintenance page's station card forms as the API's verbatim command requests (issue 23
 * blocks H and B09): ReserveNow, CancelReservation, SetNetworkProfile. The API validates every field.
 */
import { newReservationId } from '@domain/ocpp/reservations';

export const STATION_CARD_INTENTS = ['reserve', 'cancel-reservation', 'set-network-profile'] as const;
export type StationCardIntent = (typeof STATION_CARD_INTENTS)[number];

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const int = (form: FormData, name: string) => Number.parseInt(text(form, name), 10);

/** The request of a card's intent, from the form; the API validates every field. */
export function requestOf(kind: StationCardIntent, form: FormData, now: Date) {
  if (kind === 'cancel-reservation') {
    return { action: 'CancelReservation' as const, json: { reservationId: int(form, 'reservationId') } };
  }
  if (kind === 'reserve') {
    return {
      action: 'ReserveNow' as const,
      json: {
        connectorId: int(form, 'connectorId'),
        expiryDate: text(form, 'expiryDate'),
        idTag: text(form, 'idTag'),
        // Ours to choose: seconds since the epoch.
        reservationId: newReservationId(now),
      },
    };
  }
  const apn = text(form, 'apn');
  const apnUser = text(form, 'apnUserName');
  const apnPassword = String(form.get('apnPassword') ?? '');
  return {
    action: 'SetNetworkProfile' as const,
    json: {
      configurationSlot: int(form, 'configurationSlot'),
      connectionData: {
        ocppVersion: 'OCPP20',
        ocppTransport: 'JSON',
        ocppCsmsUrl: text(form, 'ocppCsmsUrl'),
        messageTimeout: int(form, 'messageTimeout'),
        securityProfile: int(form, 'securityProfile'),
        ocppInterface: text(form, 'ocppInterface'),
        ...(apn
          ? {
              apn: {
                apn,
                apnAuthentication: text(form, 'apnAuthentication') || 'AUTO',
                ...(apnUser ? { apnUserName: apnUser } : {}),
                ...(apnPassword ? { apnPassword } : {}),
              },
            }
          : {}),
      },
    },
  };
}
