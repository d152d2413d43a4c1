/**
 * @module The one permission function. Every API route and every Remix loader/action
 * names a Permission; `can` decides it from the roles snapshotted at login, the selected
 * company's service settings and the company's kind. The rules and `can` live in ./rules.ts;
 * this module is the entry point every caller imports, with the context types.
 */
export { can, grantedPermissions, PERMISSIONS, type Permission, RULES } from './rules';

export interface CompanyKind {
  /** Operates charging stations as a public or private CPMS, or not at all. */
  cpms: 'public' | 'private' | null;
  isSubcpo: boolean;
  isLifestyle: boolean;
  isEvfleet: boolean;
  empServices: boolean;
  /** Has no parent company: with an operating kind, the platform's top company (billing:cpo-invoices). */
  isTop?: boolean;
}

/** The fixed user-id lists of spec section 6 ("values not shown") that the caller is on. */
export type FixedUserList = 'cpo-invoice-manager';

export interface AccessContext {
  roles: readonly number[];
  services: readonly number[];
  company: CompanyKind;
  lists?: readonly FixedUserList[];
}

/** Whether `userId` is on a fixed list given as comma-separated user ids (empty or unset: nobody). */
export function isListedUser(userId: number, ids: string | undefined): boolean {
  return (ids ?? '')
    .split(',')
    .map((id) => id.trim())
    .some((id) => /^\d+$/.test(id) && Number(id) === userId);
}
