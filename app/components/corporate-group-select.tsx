/** @module The corporate group picker of the corporate-group pages: a select posting field `group`. */
import { Select } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export function CorporateGroupSelect({
  groups,
  value,
  onChange,
}: {
  groups: { id: number; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('fleet.wizard.corporateGroup')}
      name="group"
      options={groups.map((g) => ({ label: g.name, value: String(g.id) }))}
      value={value}
      onChange={onChange}
    />
  );
}
