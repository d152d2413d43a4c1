/**
 * @module The company-group picker: one select per company-group level (1-4), labelled with the
 * company's own level labels (GET /api/reference/company-groups). Only levels that have groups are
 * shown; a company without any group gets an empty state instead of four empty selects. Used by the
 * fleet user filters, the user wizard's "company groups" step and the station/connector list filters.
 */
import { BlockStack, Select, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export const GROUP_LEVELS = [1, 2, 3, 4] as const;
export type GroupLevel = (typeof GROUP_LEVELS)[number];
export type GroupField = `group${GroupLevel}_id`;
/** The chosen group of each level (null: none / any). */
export type GroupIds = Record<GroupField, number | null>;

/** The answer of GET /api/reference/company-groups. */
export interface CompanyGroupOptions {
  enabled: boolean;
  levels: { level: number; label: string; groups: { id: number; name: string; company_id: number }[] }[];
}

export const NO_GROUPS: GroupIds = { group1_id: null, group2_id: null, group3_id: null, group4_id: null };
export const fieldOf = (level: number) => `group${level}_id` as GroupField;

/** The levels worth a select: those with at least one group. */
export function usedLevels(options: CompanyGroupOptions | null | undefined) {
  return (options?.levels ?? []).filter((l) => l.groups.length > 0 && l.level >= 1 && l.level <= 4);
}

/** "Region: North" for each chosen group (applied filter chips, summaries). */
export function describeGroups(options: CompanyGroupOptions | null | undefined, value: GroupIds) {
  return (options?.levels ?? []).flatMap((l) => {
    const id = value[fieldOf(l.level)];
    if (!id) return [];
    const name = l.groups.find((g) => g.id === id)?.name ?? `#${id}`;
    return [{ level: l.level, field: fieldOf(l.level), label: l.label, name, text: `${l.label}: ${name}` }];
  });
}

/** The level of a group id (group ids are unique across levels), or null when not in the options. */
export function levelOfGroup(options: CompanyGroupOptions | null | undefined, id: number | null): GroupLevel | null {
  if (!id) return null;
  const level = options?.levels.find((l) => l.groups.some((g) => g.id === id))?.level;
  return level && level >= 1 && level <= 4 ? (level as GroupLevel) : null;
}

/** Reads `group1`..`group4` search parameters (positive integers; anything else reads as none). */
export function readGroupParams(p: URLSearchParams): GroupIds {
  const out = { ...NO_GROUPS };
  for (const level of GROUP_LEVELS) {
    const n = Number(p.get(`group${level}`));
    out[fieldOf(level)] = Number.isInteger(n) && n > 0 ? n : null;
  }
  return out;
}

export function writeGroupParams(value: GroupIds, params: URLSearchParams): URLSearchParams {
  for (const level of GROUP_LEVELS) {
    const id = value[fieldOf(level)];
    if (id) params.set(`group${level}`, String(id));
  }
  return params;
}

/** Only the chosen levels, as API body fields. */
export function groupApiFields(value: GroupIds): Partial<Record<GroupField, number>> {
  const out: Partial<Record<GroupField, number>> = {};
  for (const level of GROUP_LEVELS) {
    const id = value[fieldOf(level)];
    if (id) out[fieldOf(level)] = id;
  }
  return out;
}

export function CompanyGroupPicker({
  options,
  value,
  onChange,
  mode = 'filter',
  errors = {},
  disabled = false,
}: {
  options: CompanyGroupOptions | null | undefined;
  value: GroupIds;
  onChange: (value: GroupIds, changed: GroupField) => void;
  /** `filter`: the empty choice reads "Any"; `assign`: it reads "None". */
  mode?: 'filter' | 'assign';
  errors?: Partial<Record<GroupField, string>>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const levels = usedLevels(options);
  if (levels.length === 0) {
    return (
      <BlockStack gap="100">
        <Text as="p" fontWeight="semibold">
          {t('fleet.companyGroups.emptyTitle')}
        </Text>
        <Text as="p" tone="subdued">
          {t('fleet.companyGroups.emptyBody')}
        </Text>
      </BlockStack>
    );
  }
  return (
    <BlockStack gap="200">
      {levels.map((l) => {
        const field = fieldOf(l.level);
        const current = value[field];
        const known = current === null || l.groups.some((g) => g.id === current);
        return (
          <Select
            key={l.level}
            label={l.label}
            disabled={disabled}
            options={[
              { label: mode === 'filter' ? t('fleet.companyGroups.any') : t('fleet.companyGroups.none'), value: '' },
              ...l.groups.map((g) => ({ label: g.name, value: String(g.id) })),
              // A group outside the caller's scope (kept on the user) stays visible rather than vanishing.
              ...(known ? [] : [{ label: `#${current}`, value: String(current) }]),
            ]}
            value={current ? String(current) : ''}
            onChange={(v) => onChange({ ...value, [field]: v ? Number(v) : null }, field)}
            error={errors[field]}
          />
        );
      })}
    </BlockStack>
  );
}
