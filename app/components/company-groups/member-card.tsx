/**
 * @module The members of a company group by kind (stations, fleet users, private users): the group's
 * members with a remove action and paging, and a search of the tree's stations or users to add.
 */
import { Form, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, IndexTable, InlineStack, Tabs, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface MemberRow {
  id: number;
  title: string;
  subtitle: string;
  companyId: number;
}

interface Props {
  tab: 'stations' | 'fleet' | 'private';
  page: number;
  q: string;
  members: MemberRow[];
  total: number;
  perPage: number;
  candidates: MemberRow[] | null;
}

const TABS = ['stations', 'fleet', 'private'] as const;
const TAB_LABEL = { stations: 'tabStations', fleet: 'tabFleet', private: 'tabPrivate' } as const;

export function MemberCard({ tab, page, q, members, total, perPage, candidates }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [search, setSearch] = useState(q);
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
    navigate(`?${next}`, { preventScrollReset: true });
  };
  const act = (intent: 'add' | 'remove', id: number) =>
    submit({ intent, member: String(id) }, { method: 'post', preventScrollReset: true });
  const pendingId = navigation.formData?.get('member');
  return (
    <Card padding="0">
      <Tabs
        tabs={TABS.map((id) => ({ id, content: t(`companyGroups.${TAB_LABEL[id]}`) }))}
        selected={TABS.indexOf(tab)}
        onSelect={(i) => go({ members: TABS[i] ?? 'stations', page: null, q: null })}
      />
      {members.length === 0 ? (
        <div style={{ padding: 'var(--p-space-400)' }}>
          <Text as="p" tone="subdued">
            {t('companyGroups.noMembers')}
          </Text>
        </div>
      ) : (
        <IndexTable
          resourceName={{ singular: t('companyGroups.members'), plural: t('companyGroups.members') }}
          itemCount={members.length}
          selectable={false}
          headings={[{ title: t('companyGroups.colName') }, { title: t('companyGroups.colCompany') }, { title: '' }]}
          pagination={{
            hasPrevious: page > 0,
            hasNext: (page + 1) * perPage < total,
            onPrevious: () => go({ page: String(page - 1) }),
            onNext: () => go({ page: String(page + 1) }),
          }}
        >
          {members.map((m, i) => (
            <IndexTable.Row id={String(m.id)} key={m.id} position={i}>
              <IndexTable.Cell>
                <BlockStack>
                  <Text as="span" fontWeight="semibold">
                    {m.title}
                  </Text>
                  <Text as="span" tone="subdued">
                    {m.subtitle}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>#{m.companyId}</IndexTable.Cell>
              <IndexTable.Cell>
                <Button
                  size="slim"
                  accessibilityLabel={`${t('companyGroups.remove')} ${m.title}`}
                  loading={pendingId === String(m.id)}
                  onClick={() => act('remove', m.id)}
                >
                  {t('companyGroups.remove')}
                </Button>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
      <div style={{ padding: 'var(--p-space-400)' }}>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {t('companyGroups.addTitle')}
          </Text>
          <Form method="get" preventScrollReset>
            <input type="hidden" name="members" value={tab} />
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div style={{ flexGrow: 1 }}>
                <TextField
                  label={t(tab === 'stations' ? 'companyGroups.searchStations' : 'companyGroups.searchUsers')}
                  name="q"
                  value={search}
                  onChange={setSearch}
                  autoComplete="off"
                  helpText={t('companyGroups.moveNote')}
                />
              </div>
              <Button submit>{t('companyGroups.search')}</Button>
            </InlineStack>
          </Form>
          {candidates === null ? null : candidates.length === 0 ? (
            <Text as="p" tone="subdued">
              {t('companyGroups.noCandidates')}
            </Text>
          ) : (
            <BlockStack gap="200">
              {candidates.map((m) => (
                <InlineStack key={m.id} gap="300" blockAlign="center">
                  <Text as="span">
                    {m.title} · {m.subtitle}
                  </Text>
                  <Button
                    size="slim"
                    accessibilityLabel={`${t('companyGroups.add')} ${m.title}`}
                    loading={pendingId === String(m.id)}
                    disabled={members.some((x) => x.id === m.id)}
                    onClick={() => act('add', m.id)}
                  >
                    {t('companyGroups.add')}
                  </Button>
                </InlineStack>
              ))}
            </BlockStack>
          )}
        </BlockStack>
      </div>
    </Card>
  );
}
