/** @module The members side of /company-groups/edit/{id}: the tab's members, the searched candidates, and adding or removing one. */
import type { Api } from '../../lib/api.server';

export const MEMBER_TABS = ['stations', 'fleet', 'private'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];
export const tabOf = (raw: string | null): MemberTab =>
  (MEMBER_TABS as readonly string[]).includes(raw ?? '') ? (raw as MemberTab) : 'stations';

export interface MemberRow {
  id: number;
  title: string;
  subtitle: string;
  companyId: number;
  groups: (number | null)[];
}

const PER_PAGE = 25;

function listCall(api: Api, tab: MemberTab, query: Record<string, string>) {
  const groups = api.client.api['company-groups'];
  if (tab === 'stations') return groups.connectors.$get({ query });
  return tab === 'fleet' ? groups['fleet-users'].$get({ query }) : groups['private-users'].$get({ query });
}

type Raw = { id: number; company_id: number; groups: (number | null)[] } & (
  | { uid: string; name: string }
  | { email: string; name: string }
);
const rowOf = (r: Raw): MemberRow => ({
  id: r.id,
  title: 'uid' in r ? r.name : r.email,
  subtitle: 'uid' in r ? r.uid : r.name,
  companyId: r.company_id,
  groups: r.groups,
});

/** One page of the group's members of the tab, and (when searched) the first candidates of the tree. */
export async function readMembers(api: Api, groupId: number, tab: MemberTab, page: number, q: string) {
  const [members, candidates] = await Promise.all([
    api.read<{ data: Raw[]; total: number }>(
      await listCall(api, tab, { group_id: String(groupId), page: String(page), items_per_page: String(PER_PAGE) }),
    ),
    q
      ? api.read<{ data: Raw[]; total: number }>(await listCall(api, tab, { q, items_per_page: '10' }))
      : Promise.resolve(null),
  ]);
  return {
    members: members.ok ? members.data.data.map(rowOf) : [],
    total: members.ok ? members.data.total : 0,
    perPage: PER_PAGE,
    candidates: candidates?.ok ? candidates.data.data.map(rowOf) : null,
  };
}

/** Adds the station or user to the group, or takes it out. */
export function changeMember(api: Api, groupId: number, tab: MemberTab, memberId: number, add: boolean) {
  const one = api.client.api['company-groups'][':id'];
  const id = String(groupId);
  if (tab === 'stations') {
    const param = { id, stationId: String(memberId) };
    return add ? one.connectors[':stationId'].$put({ param }) : one.connectors[':stationId'].$delete({ param });
  }
  const param = { id, userId: String(memberId) };
  return add ? one.users[':userId'].$put({ param }) : one.users[':userId'].$delete({ param });
}
