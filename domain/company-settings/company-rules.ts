/**
 * @module Company settings rules (spec sections 5 and 6), pure so that the API and the screen agree:
 * the European VAT number, which service settings hide screens when turned off (and so need a
 * confirmation), and the private-user session choices 53-55, of which at most one may be on.
 */
import type { MessageKey } from '@i18n/messages';
import { RULES } from '../permissions/permissions';
import { SERVICE, SERVICE_SETTING_IDS, type ServiceSettingId } from '../permissions/service-settings';

/** VAT number formats per EU member state prefix (Greece is EL), and XI for Northern Ireland. */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** Upper case, without the spaces, dots and dashes people type in VAT numbers. */
export function normalizeVat(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** Null when the VAT number is present and has its member state's format. */
export function vatError(value: string | null | undefined): MessageKey | null {
  const vat = normalizeVat(value ?? '');
  if (vat === '') return 'companyVatRequired';
  const format = VAT_FORMATS[vat.slice(0, 2)];
  return format?.test(vat.slice(2)) ? null : 'companyVatInvalid';
}

/** The ISO country of a VAT prefix (EL is Greece, XI Northern Ireland in the United Kingdom). */
export function vatCountry(vat: string): string {
  const prefix = normalizeVat(vat).slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/**
 * Settings that a Permission needs (`services` or `anyService` of its rule): turning one off hides
 * screens, so the API asks for a confirmation. Others (42 hide deleted users, 53-56 which private
 * sessions and e-mails show) change what a screen lists and are saved at once.
 */
export const SCREEN_SETTINGS: readonly ServiceSettingId[] = SERVICE_SETTING_IDS.filter((id) =>
  Object.values(RULES).some((rule) => {
    const r = rule as { services?: readonly number[]; anyService?: readonly number[] };
    return (r.services ?? []).includes(id) || (r.anyService ?? []).includes(id);
  }),
);

/** The screen-gating settings on in `before` and off in `after`, ascending. */
export function settingsNeedingConfirmation(before: readonly number[], after: readonly number[]): number[] {
  return SCREEN_SETTINGS.filter((id) => before.includes(id) && !after.includes(id));
}

export const PRIVATE_SESSION_CHOICES: readonly ServiceSettingId[] = [
  SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS,
  SERVICE.PRIVATE_USERS_PRIVATE_AND_OTHER_SESSIONS,
  SERVICE.PRIVATE_USERS_ALL_SESSIONS,
];

/** 53, 54 and 55 each say which sessions the private-user list shows: at most one may be on. */
export function privateSessionChoiceError(ids: readonly number[]): MessageKey | null {
  return PRIVATE_SESSION_CHOICES.filter((id) => ids.includes(id)).length > 1 ? 'companyPrivateSessionsOne' : null;
}

export const GROUP_LABEL_MAX = 40;
