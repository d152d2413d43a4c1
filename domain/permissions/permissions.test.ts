import { describe, expect, it } from 'vitest';
import { BUILT_NAVIGATION, landingPath, navigationFor } from './navigation';
import { type AccessContext, type CompanyKind, can, PERMISSIONS } from './permissions';
import { effectiveRoles, ROLE, ROLE_IDS } from './roles';
import { SERVICE, SERVICE_SETTING_IDS } from './service-settings';

const operator: CompanyKind = {
  cpms: 'public',
  isSubcpo: false,
  isLifestyle: false,
  isEvfleet: false,
  empServices: true,
};
const fleet: CompanyKind = { cpms: null, isSubcpo: false, isLifestyle: false, isEvfleet: true, empServices: false };
const everything: CompanyKind = {
  cpms: 'public',
  isSubcpo: true,
  isLifestyle: true,
  isEvfleet: true,
  empServices: true,
};
const ctx = (roles: number[], services: number[] = [...SERVICE_SETTING_IDS], company = everything): AccessContext => ({
  roles,
  services,
  company,
});

describe('effectiveRoles', () => {
  it('lets maintenance only (33) override every other role', () => {
    expect(effectiveRoles([37, 33, 50])).toEqual([33]);
  });
  it('drops unknown ids and duplicates, sorted', () => {
    expect(effectiveRoles([58, 99, 31, 58])).toEqual([31, 58]);
  });
});

describe('can', () => {
  it.each([
    { name: 'admin sees connectors of an operator', c: ctx([37], [], operator), p: 'connectors:view', ok: true },
    {
      name: 'admin sees no connectors of a pure fleet company',
      c: ctx([37], [], fleet),
      p: 'connectors:view',
      ok: false,
    },
    { name: 'fleet view role in a fleet company', c: ctx([31], [], fleet), p: 'fleet:view', ok: true },
    // The dashboards (ADR 055): a report manager (47) with setting 41, of an operating company only.
    {
      name: 'report manager sees the dashboards of an operator',
      c: ctx([ROLE.REPORT_MANAGER], [SERVICE.METABASE_DASHBOARD], operator),
      p: 'reports:dashboards',
      ok: true,
    },
    {
      name: 'report manager of a pure fleet company has no dashboards',
      c: ctx([ROLE.REPORT_MANAGER], [SERVICE.METABASE_DASHBOARD], fleet),
      p: 'reports:dashboards',
      ok: false,
    },
    {
      name: 'fleet view role cannot manage users',
      c: ctx([31], [SERVICE.MANAGE_USERS], fleet),
      p: 'fleet:users:manage',
      ok: false,
    },
    { name: 'manage users needs service 6', c: ctx([35], [], fleet), p: 'fleet:users:manage', ok: false },
    {
      name: 'manage users with service 6',
      c: ctx([35], [SERVICE.MANAGE_USERS], fleet),
      p: 'fleet:users:manage',
      ok: true,
    },
    // The user export carries every user's e-mail, plate, employee number and cost centre (issue 24).
    { name: 'fleet view role exports users', c: ctx([31], [], fleet), p: 'fleet:users:export', ok: true },
    { name: 'user managers export users', c: ctx([35], [], fleet), p: 'fleet:users:export', ok: true },
    {
      name: 'RFID management exports no users',
      c: ctx([59], [...SERVICE_SETTING_IDS], fleet),
      p: 'fleet:users:export',
      ok: false,
    },
    {
      name: 'vehicle rights export no users',
      c: ctx([60], [...SERVICE_SETTING_IDS], fleet),
      p: 'fleet:users:export',
      ok: false,
    },
    {
      name: 'key hangers need role 59 and service 47',
      c: ctx([59], [SERVICE.KEY_HANGERS], fleet),
      p: 'fleet:key-hangers',
      ok: true,
    },
    { name: 'key hangers without service 47', c: ctx([59], [], fleet), p: 'fleet:key-hangers', ok: false },
    {
      name: 'key hangers without role 59',
      c: ctx([31], [SERVICE.KEY_HANGERS], fleet),
      p: 'fleet:key-hangers',
      ok: false,
    },
    { name: 'onboarding needs service 2 too', c: ctx([36], [], operator), p: 'stations:onboard', ok: false },
    {
      name: 'onboarding with service 2',
      c: ctx([36], [SERVICE.ONBOARD_STATIONS], operator),
      p: 'stations:onboard',
      ok: true,
    },
    { name: 'basic maintenance may reset', c: ctx([58]), p: 'connectors:command:basic', ok: true },
    {
      name: 'basic maintenance may not change availability',
      c: ctx([58]),
      p: 'connectors:command:advanced',
      ok: false,
    },
    {
      name: 'view-only charging point manager may not command',
      c: ctx([32]),
      p: 'connectors:command:basic',
      ok: false,
    },
    { name: 'maintenance only keeps advanced commands', c: ctx([33, 37]), p: 'connectors:command:advanced', ok: true },
    { name: 'maintenance only loses admin rights', c: ctx([33, 37]), p: 'company:settings', ok: false },
    { name: 'only super users manage companies', c: ctx([37]), p: 'companies:manage', ok: false },
    {
      name: 'home reimbursement with any variant setting',
      c: ctx([35], [SERVICE.HOME_REIMBURSEMENT_FLEET], fleet),
      p: 'fleet:home-reimbursement',
      ok: true,
    },
    { name: 'no role at all still has a session', c: ctx([]), p: 'session:basic', ok: true },
  ] as const)('$name', ({ c, p, ok }) => {
    expect(can(c, p)).toBe(ok);
  });

  it('grants nothing but the basic session (and, as an employee, their own reimbursement) to a user without roles', () => {
    expect(PERMISSIONS.filter((p) => can(ctx([]), p))).toEqual(['session:basic', 'personal:home-reimbursement']);
    expect(PERMISSIONS.filter((p) => can(ctx([], []), p))).toEqual(['session:basic']);
  });

  it('gives every employee of a fleet company with home reimbursement their own reimbursement pages', () => {
    expect(PERMISSIONS.filter((p) => can(ctx([], [SERVICE.HOME_REIMBURSEMENT], fleet), p))).toEqual([
      'session:basic',
      'personal:home-reimbursement',
    ]);
    expect(can(ctx([31], [SERVICE.HOME_REIMBURSEMENT], fleet), 'fleet:home-reimbursement:manage')).toBe(false);
    expect(can(ctx([35], [SERVICE.HOME_REIMBURSEMENT], fleet), 'fleet:home-reimbursement:manage')).toBe(true);
  });
});

describe('navigation', () => {
  it('shows only sections with a visible item', () => {
    const sections = navigationFor(ctx([31], [], fleet));
    expect(sections.map((s) => s.id)).toEqual(['fleet']);
    expect(sections[0]?.items.map((i) => i.url)).toEqual([
      '/fleet/overview',
      '/fleet/users',
      '/fleet/corporate-groups',
      '/fleet/sessions',
      '/fleet/news',
    ]);
  });

  it('lands operators on the connectors overview and others on their first area', () => {
    expect(landingPath(ctx([37], [], operator))).toBe('/connectors/overview');
    expect(landingPath(ctx([35], [], fleet))).toBe('/fleet/overview');
    expect(landingPath(ctx([], []))).toBe('/welcome');
    // News is in everyone's navigation but never the landing: a private user (55) lands on their profile.
    expect(landingPath(ctx([ROLE.SELF_CHARGE], []))).toBe('/my-profile');
    // An employee of a fleet company with home reimbursement (setting 25) and no role: their own page.
    expect(landingPath(ctx([]))).toBe('/stripe-home-reimbursement');
  });

  it('makes every item reachable by some single role when every setting is on', () => {
    const reachable = new Set(
      ROLE_IDS.flatMap((r) => navigationFor(ctx([r])).flatMap((s) => s.items.map((i) => i.url))),
    );
    expect([...reachable].sort()).toEqual(BUILT_NAVIGATION.flatMap((s) => s.items.map((i) => i.url)).sort());
  });

  it('gives role 52 the support page permission', () => {
    expect(can(ctx([ROLE.SUPPORT_AGENT]), 'connectors:support')).toBe(true);
  });
});
