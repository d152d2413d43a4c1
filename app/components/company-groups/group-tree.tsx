/** @module The nested company groups of one company: each group links to its page, with its counts and a sub-group action below level 4. */
import { Link } from '@remix-run/react';
import { BlockStack, Box, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export interface TreeGroup {
  id: number;
  level: number;
  name: string;
  stations: number;
  users: number;
  children: TreeGroup[];
}

export function GroupTree({ groups, labels }: { groups: readonly TreeGroup[]; labels: readonly string[] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingInlineStart: 'var(--p-space-500)' }}>
      {groups.map((g) => (
        <li key={g.id}>
          <Box paddingBlock="150">
            <BlockStack gap="100">
              <InlineStack gap="300" blockAlign="center" wrap>
                <Link to={`/company-groups/edit/${g.id}`}>
                  <Text as="span" fontWeight="semibold">
                    {g.name}
                  </Text>
                </Link>
                <Text as="span" tone="subdued">
                  {labels[g.level - 1] ?? ''} · {t('companyGroups.stationsCount', { count: g.stations })} ·{' '}
                  {t('companyGroups.usersCount', { count: g.users })}
                </Text>
                {g.level < 4 ? (
                  <Link to={`/company-groups/create?parent=${g.id}&level=${g.level + 1}`}>
                    {t('companyGroups.addChild')}
                  </Link>
                ) : null}
              </InlineStack>
              <GroupTree groups={g.children} labels={labels} />
            </BlockStack>
          </Box>
        </li>
      ))}
    </ul>
  );
}
