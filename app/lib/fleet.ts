/** @module Fleet pages: shapes and labels shared by loaders and components. */

/** The subset of the API's fleet user the pages show. */
export interface FleetUserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  state: 'active' | 'deleted';
  status: 'charging' | 'idle';
  session_count: number;
  company_id: number;
  company_name: string | null;
  corporate_group_id: number | null;
  corporate_group_name: string | null;
  group1_id: number | null;
  group2_id: number | null;
  group3_id: number | null;
  group4_id: number | null;
  license_plate: string | null;
  employee_number: string | null;
  cost_center: string | null;
  can_charge_public: boolean;
  can_charge_work: boolean;
  can_charge_home: boolean;
  only_private: boolean;
  charge_only_with_rfid: boolean;
  limits: {
    unit: 'kwh' | 'currency';
    currency: string;
    daily: number | null;
    weekly: number | null;
    monthly: number | null;
    enforced_at_charger: boolean;
    note: string | null;
  };
  roles: number[];
  rfids: { id: number; uuid: string; key_hanger_code: string; status: string }[];
}

export interface Usage {
  period: 'daily' | 'weekly' | 'monthly';
  limit: number | null;
  used: number;
  unit: 'kwh' | 'currency';
  ratio: number | null;
  /** Currency limits: kWh of sessions not priced yet, not included in `used`. */
  unpriced_kwh?: number;
}

export const PERMISSIONS = ['can_charge_public', 'can_charge_work', 'can_charge_home', 'only_private'] as const;
export const PERMISSION_LABEL: Record<string, string> = {
  can_charge_public: 'fleet.permission.public',
  can_charge_work: 'fleet.permission.work',
  can_charge_home: 'fleet.permission.home',
  only_private: 'fleet.permission.only_private',
  charge_only_with_rfid: 'fleet.permission.rfid_only',
};

export function displayName(u: Pick<FleetUserRow, 'first_name' | 'last_name' | 'email'>): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return name || u.email;
}

export interface WizardOptions {
  corporate_groups: { id: number; name: string }[];
  free_cards: { id: number; uuid: string; key_hanger_code: string }[];
  grantable_roles: number[];
  permission_updates_disabled: boolean;
  mandatory_license_plate: boolean;
  limit_unit: 'kwh' | 'currency';
  currency: string;
  can_set_limits: boolean;
  group_labels: string[];
}

export interface WizardError {
  message: string;
  field?: string;
}
