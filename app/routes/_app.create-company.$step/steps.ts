/**
 * @module The company creation wizard's steps, shared by the page and its server side: which fields each
 * step owns, what each step makes mandatory before going on (the API checks everything again), which step
 * shows an API refusal, and the POST /company body built from the draft (draft.server.ts keeps it).
 */
import { vatError } from '@domain/company-settings/company-rules';
import { GENERAL_FIELDS } from '../../components/company-settings/fields';

export const STEPS = ['step-1', 'step-2', 'step-3', 'step-4'] as const;
export type Step = (typeof STEPS)[number];
export const isStep = (s: string | undefined): s is Step => (STEPS as readonly string[]).includes(s ?? '');

export const FLAGS = ['is_subcpo', 'is_evfleet', 'is_lifestyle', 'emp_services'] as const;
const ADMIN_FIELDS = [
  'admin_mode',
  'admin_user_id',
  'admin_label',
  'admin_email',
  'admin_first_name',
  'admin_last_name',
];

/** The form fields each step owns (a refused field sends the person back to its step). */
export const STEP_FIELDS: Record<Exclude<Step, 'step-4'>, readonly string[]> = {
  'step-1': [...GENERAL_FIELDS.filter((f) => f !== 'tax_id_country'), 'parent_company_id', 'currency'],
  'step-2': ['cpms', ...FLAGS, 'service_settings'],
  'step-3': ADMIN_FIELDS,
};

export interface Draft {
  values: Record<string, string>;
  /** The API's or a step's refusal, shown under its field on the step that owns it. */
  error?: { field?: string; message: string };
}

/** The step's fields from the submitted form, over the draft (unchecked boxes submit nothing: false). */
export function merge(draft: Draft, step: Exclude<Step, 'step-4'>, form: FormData): Draft {
  const values = { ...draft.values };
  for (const field of STEP_FIELDS[step]) {
    const v = form.get(field);
    values[field] = typeof v === 'string' ? v.trim() : (FLAGS as readonly string[]).includes(field) ? 'false' : '';
  }
  return { values };
}

/** The first mandatory field the step lacks, as an i18n message key (spec sections 5 and 6). */
export function stepError(step: Step, v: Record<string, string>): { field: string; key: string } | null {
  if (step === 'step-1') {
    if (!v.name) return { field: 'name', key: 'companyNameRequired' };
    if (!/^[A-Z]{2}$/i.test(v.country ?? '')) return { field: 'country', key: 'companyCountryRequired' };
    const vat = vatError(v.vat);
    if (vat) return { field: 'vat', key: vat };
    if (!v.parent_company_id) return { field: 'parent_company_id', key: 'forbidden' };
  }
  if (step === 'step-3') {
    const existing = v.admin_mode === 'existing';
    if (existing ? !v.admin_user_id : !v.admin_email) {
      return { field: existing ? 'admin_user_id' : 'admin_email', key: 'companyAdminRequired' };
    }
  }
  return null;
}

/** The step that shows an API field (`corporate_admin.email` is step 3's admin_email). */
export function stepOf(field: string | undefined): Step {
  if (!field) return 'step-4';
  if (field.startsWith('corporate_admin') || STEP_FIELDS['step-3'].includes(field)) return 'step-3';
  if (field.startsWith('service_settings') || STEP_FIELDS['step-2'].includes(field)) return 'step-2';
  return 'step-1';
}

/** The form field that shows an API field. */
export function formField(field: string | undefined): string | undefined {
  if (field === 'corporate_admin.user_id') return 'admin_user_id';
  if (field?.startsWith('corporate_admin')) return 'admin_email';
  if (field?.startsWith('service_settings')) return 'service_settings';
  return field;
}

/** The POST /company body from the draft. */
export function toBody(v: Record<string, string>) {
  const general = Object.fromEntries(
    GENERAL_FIELDS.filter((f) => f !== 'tax_id_country' && f !== 'time_zone').map((f) => [f, v[f] ?? '']),
  ) as Record<Exclude<(typeof GENERAL_FIELDS)[number], 'tax_id_country' | 'time_zone'>, string>;
  const flag = (f: string) => v[f] === 'true';
  return {
    ...general,
    ...(v.time_zone ? { time_zone: v.time_zone } : {}),
    currency: v.currency || 'EUR',
    parent_company_id: Number(v.parent_company_id),
    cpms: (v.cpms === 'public' || v.cpms === 'private' ? v.cpms : null) as 'public' | 'private' | null,
    is_subcpo: flag('is_subcpo'),
    is_evfleet: flag('is_evfleet'),
    is_lifestyle: flag('is_lifestyle'),
    emp_services: flag('emp_services'),
    service_settings: (v.service_settings ?? '')
      .split(',')
      .filter((s) => s !== '')
      .map(Number),
    corporate_admin:
      v.admin_mode === 'existing'
        ? { user_id: Number(v.admin_user_id) }
        : { email: v.admin_email ?? '', first_name: v.admin_first_name ?? '', last_name: v.admin_last_name ?? '' },
  };
}
