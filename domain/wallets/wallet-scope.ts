/**
 * @module Whose wallets a caller reaches (issue 18): `wallets:manage` every company of the scope (the
 * selected company and its descendants); `wallets:company` only the selected company, i.e. its own
 * wallet and its users' wallets; anyone else none.
 */
import { type AccessContext, can } from '../permissions/permissions';

export function walletScope(access: AccessContext, selectedCompanyId: number, scope: readonly number[]): number[] {
  if (can(access, 'wallets:manage')) return [...scope];
  if (can(access, 'wallets:company')) return [selectedCompanyId];
  return [];
}

/**
 * The companies a list covers: the scope, narrowed by `administrativeId` (that company and its
 * descendants, given as `subtree`) and `companyFilterId` (that one company). Null when a filter names a
 * company outside the scope: the caller chose it and is told it is refused.
 */
export function listCompanies(
  reach: readonly number[],
  filters: { administrativeId?: number; subtree?: readonly number[]; companyFilterId?: number },
): { companies: number[] } | { refused: 'administrativeId' | 'company_filter_id' } {
  let companies = [...reach];
  if (filters.administrativeId !== undefined) {
    if (!reach.includes(filters.administrativeId)) return { refused: 'administrativeId' };
    const subtree = new Set(filters.subtree ?? [filters.administrativeId]);
    companies = companies.filter((id) => subtree.has(id));
  }
  if (filters.companyFilterId !== undefined) {
    if (!reach.includes(filters.companyFilterId)) return { refused: 'company_filter_id' };
    companies = companies.filter((id) => id === filters.companyFilterId);
  }
  return { companies };
}
