/**
 * @module The fleet user wizard's form: its steps and fields, the form filled from a user (or empty), the
 * step that shows a field the API named, and the API body a save sends.
 */
import { fieldOf, GROUP_LEVELS, type GroupIds } from '../../components/company-groups/company-group-picker';
import type { FleetUserRow } from '../../lib/fleet';

export const STEPS = ['stepInfo', 'stepPermissions', 'stepRfid', 'stepGroups', 'stepRoles', 'stepFinalize'] as const;
export const PERMS = ['can_charge_public', 'can_charge_work', 'can_charge_home', 'only_private'] as const;
export const PERM_LABEL = {
  can_charge_public: 'public',
  can_charge_work: 'work',
  can_charge_home: 'home',
  only_private: 'only_private',
} as const;
export const PERIODS = ['daily', 'weekly', 'monthly'] as const;

/** The step that shows a field the API named. */
export function stepOf(field?: string): number {
  if (!field) return 0;
  if (field === 'permissions' || field.startsWith('can_') || field === 'only_private' || field.startsWith('limits'))
    return 1;
  if (field.startsWith('rfid')) return 2;
  if (/^group\d_id$/.test(field)) return 3;
  if (field === 'roles') return 4;
  return 0;
}

export interface WizardForm {
  email: string;
  first_name: string;
  last_name: string;
  telephone: string;
  license_plate: string;
  employee_number: string;
  cost_center: string;
  corporate_group_id: string;
  can_charge_public: boolean;
  can_charge_work: boolean;
  can_charge_home: boolean;
  only_private: boolean;
  charge_only_with_rfid: boolean;
  confirm_public: boolean;
  daily: string;
  weekly: string;
  monthly: string;
  rfid_ids: number[];
  roles: number[];
  groups: GroupIds;
}

export function initial(user: FleetUserRow | null): WizardForm {
  const limit = (v: number | null | undefined) => (v ? String(v) : '');
  return {
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    telephone: user?.telephone ?? '',
    license_plate: user?.license_plate ?? '',
    employee_number: user?.employee_number ?? '',
    cost_center: user?.cost_center ?? '',
    corporate_group_id: user?.corporate_group_id ? String(user.corporate_group_id) : '',
    can_charge_public: user?.can_charge_public ?? false,
    can_charge_work: user?.can_charge_work ?? false,
    can_charge_home: user?.can_charge_home ?? false,
    only_private: user?.only_private ?? false,
    charge_only_with_rfid: user?.charge_only_with_rfid ?? false,
    confirm_public: false,
    daily: limit(user?.limits.daily),
    weekly: limit(user?.limits.weekly),
    monthly: limit(user?.limits.monthly),
    rfid_ids: [],
    roles: user?.roles ?? [],
    groups: {
      group1_id: user?.group1_id ?? null,
      group2_id: user?.group2_id ?? null,
      group3_id: user?.group3_id ?? null,
      group4_id: user?.group4_id ?? null,
    },
  };
}

/**
 * The API body of the wizard's save: the user's fields, the permissions unless they are locked, the
 * limits when the caller may set them, and only the company group levels and roles that changed.
 */
export function wizardPayload(form: WizardForm, user: FleetUserRow | null, locked: boolean, canSetLimits: boolean) {
  const email = form.email.trim();
  const body: Record<string, unknown> = {
    // An update sends the e-mail only when changed: in demo mode the form shows a placeholder (ADR 049).
    ...(user && email === user.email ? {} : { email }),
    first_name: form.first_name.trim() || null,
    last_name: form.last_name.trim() || null,
    telephone: form.telephone.trim() || null,
    license_plate: form.license_plate.trim() || null,
    employee_number: form.employee_number.trim() || null,
    cost_center: form.cost_center.trim() || null,
    corporate_group_id: Number(form.corporate_group_id),
    charge_only_with_rfid: form.charge_only_with_rfid,
  };
  if (!locked) for (const p of PERMS) body[p] = form[p];
  if (form.confirm_public) body.confirm_public = true;
  if (canSetLimits) body.limits = { daily: form.daily, weekly: form.weekly, monthly: form.monthly };
  if (form.rfid_ids.length) body.rfid_ids = form.rfid_ids;
  // Company groups: only the levels changed are sent (null clears one), so a group the user keeps
  // from outside the caller's scope is not sent back for checking.
  for (const level of GROUP_LEVELS) {
    const field = fieldOf(level);
    if (form.groups[field] !== (user?.[field] ?? null)) body[field] = form.groups[field];
  }
  const before = [...(user?.roles ?? [])].sort().join(',');
  if ([...form.roles].sort().join(',') !== before) body.roles = form.roles;
  return body;
}
