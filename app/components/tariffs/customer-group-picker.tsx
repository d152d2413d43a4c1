/**
 * @module The tariff form's customer group, chosen by name with search (issue 24 §6: the form asked
 * for a raw id): live groups of the caller's companies from `GET /api/tariff/customer-groups`; the
 * stored id is named on opening. Empty means every customer.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerOption, SearchPicker } from '../key-hangers/search-picker';

interface Choice {
  id: number;
  name: string;
  detail: string | null;
}
const ENDPOINT = '/api/tariff/customer-groups';
const toOption = (c: Choice): PickerOption => ({
  value: String(c.id),
  label: c.detail ? `${c.name} · ${c.detail}` : c.name,
});

export function CustomerGroupPicker(props: {
  label: string;
  helpText: string;
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState<PickerOption | null>(null);
  const [named, setNamed] = useState(props.value === '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: names the stored id once, on opening
  useEffect(() => {
    if (props.value === '') return;
    const controller = new AbortController();
    fetch(`${ENDPOINT}?id=${encodeURIComponent(props.value)}`, {
      signal: controller.signal,
      credentials: 'same-origin',
    })
      .then(async (res) => (res.ok ? ((await res.json()) as { data: Choice[] }) : { data: [] }))
      .then((body) => {
        const first = body.data[0];
        setInitial(first ? toOption(first) : { value: props.value, label: `#${props.value}` });
        setNamed(true);
      })
      .catch(() => setNamed(true));
    return () => controller.abort();
  }, []);
  return (
    <SearchPicker<Choice>
      key={named ? 'named' : 'naming'}
      endpoint={ENDPOINT}
      toOption={toOption}
      label={props.label}
      helpText={props.helpText}
      placeholder={t('sessionTable.search.customerGroup')}
      emptyText={t('sessionTable.noMatch')}
      name="customerGroupId"
      initial={initial}
      error={props.error}
      onChange={(option) => props.onChange(option?.value ?? '')}
    />
  );
}
