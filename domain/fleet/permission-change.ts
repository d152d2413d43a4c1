/**
 * @module A change of a fleet user's charging permissions by the wizard (spec section 5): the result
 * must keep at least one permission, a change at all is refused to a caller whose permission updates
 * are disabled, and giving the public permission needs confirmation.
 */
import { hasChargingPermission } from './validation';

const KEYS = [
  'can_charge_public',
  'can_charge_work',
  'can_charge_home',
  'only_private',
  'charge_only_with_rfid',
] as const;
type Key = (typeof KEYS)[number];
export type PermissionFlags = Record<Key, boolean>;

export interface PermissionChange {
  /** No charging permission would be left. */
  noneLeft: boolean;
  /** A permission sent differs from the stored one (a new user has none stored). */
  changed: boolean;
  /** The public permission would be given without `confirm_public`. */
  publicUnconfirmed: boolean;
}

export function permissionChange(
  sent: Partial<PermissionFlags> & { confirm_public?: boolean },
  stored: PermissionFlags | null,
): PermissionChange {
  const merged = (k: Key) => sent[k] ?? stored?.[k] ?? false;
  const isPublic = merged('can_charge_public');
  return {
    noneLeft: !hasChargingPermission({
      can_charge_public: isPublic,
      can_charge_work: merged('can_charge_work'),
      can_charge_home: merged('can_charge_home'),
      only_private: merged('only_private'),
    }),
    changed: KEYS.some((k) => sent[k] !== undefined && sent[k] !== (stored?.[k] ?? false)),
    publicUnconfirmed: isPublic && !stored?.can_charge_public && sent.confirm_public !== true,
  };
}
