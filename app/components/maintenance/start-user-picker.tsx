/** @module The remote start's user picker: users found by a keyword, the one chosen starts a session for them. */
import { useFetcher, useLocation } from '@remix-run/react';
import { BlockStack, ChoiceList, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartUsers } from '../../lib/maintenance.server';

export function StartUserPicker({
  connectorId,
  chosen,
  onChoose,
}: {
  connectorId: number;
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const search = useFetcher<{ users: StartUsers | null }>();
  const location = useLocation();
  const [keyword, setKeyword] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: load on keyword change only (the fetcher is stable enough).
  useEffect(() => {
    const timer = setTimeout(
      () => search.load(`${location.pathname}?users=${encodeURIComponent(keyword)}&for=${connectorId}`),
      250,
    );
    return () => clearTimeout(timer);
  }, [keyword]);
  const users = search.data?.users ?? [];
  return (
    <BlockStack gap="300">
      <TextField
        label={t('maintenance.startUser.search')}
        helpText={t('maintenance.startUser.searchHelp')}
        value={keyword}
        onChange={setKeyword}
        autoComplete="off"
      />
      {search.data && users.length === 0 ? (
        <Text as="p" tone="subdued">
          {t('maintenance.startUser.none')}
        </Text>
      ) : (
        <ChoiceList
          title={t('maintenance.startUser.choose')}
          selected={chosen ? [chosen] : []}
          onChange={(v) => onChoose(v[0] ?? '')}
          choices={users.map((u) => ({
            label: `${[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email} (${u.email})`,
            value: String(u.id),
            disabled: !u.has_active_rfid,
            helpText: u.has_active_rfid ? undefined : t('maintenance.startUser.noCard'),
          }))}
        />
      )}
    </BlockStack>
  );
}
