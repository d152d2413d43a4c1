/** @module The customer group overview's member search: users found by a keyword, each added to the group with one click. */
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Members listed per page (the list's page size, also asked of the API). */
export const PER_PAGE = 25;

export function memberName(
  m: { private?: boolean; email: string | null; first_name: string | null; last_name: string | null },
  privateLabel: string,
) {
  if ('private' in m && m.private) return privateLabel;
  const name = [m.first_name, m.last_name].filter(Boolean).join(' ');
  return name || (m.email ?? privateLabel);
}

/** A search for users to add to the group, each found user with an Add button. */
export function AddMemberCard({
  groupId,
  candidates,
  find,
  onFind,
}: {
  groupId: number;
  candidates:
    | {
        user_id: number;
        email: string;
        first_name: string | null;
        last_name: string | null;
        customer_group_id: number | null;
      }[]
    | null;
  find: string;
  onFind: (text: string) => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [findText, setFindText] = useState(find);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('customerGroupMembers.addTitle')}
        </Text>
        <Form
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            onFind(findText);
          }}
        >
          <TextField
            label={t('customerGroupMembers.addSearch')}
            helpText={t('customerGroupMembers.addSearchHelp')}
            value={findText}
            onChange={setFindText}
            autoComplete="off"
            connectedRight={<Button submit>{t('customerGroupMembers.search')}</Button>}
          />
        </Form>
        {candidates === null ? null : candidates.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('customerGroupMembers.noCandidates')}
          </Text>
        ) : (
          <BlockStack gap="200">
            {candidates.map((u) => (
              <InlineStack key={u.user_id} align="space-between" blockAlign="center">
                <BlockStack>
                  <Text as="span" fontWeight="semibold">
                    {memberName(u, u.email)}
                  </Text>
                  <Text as="span" tone="subdued">
                    {u.email}
                    {u.customer_group_id !== null && u.customer_group_id !== groupId
                      ? ` · ${t('customerGroupMembers.inOtherGroup')}`
                      : ''}
                  </Text>
                </BlockStack>
                <Button
                  accessibilityLabel={`${t('customerGroupMembers.add')} ${u.email}`}
                  disabled={u.customer_group_id === groupId}
                  loading={navigation.formData?.get('userId') === String(u.user_id)}
                  onClick={() => submit({ userId: String(u.user_id) }, { method: 'post' })}
                >
                  {t('customerGroupMembers.add')}
                </Button>
              </InlineStack>
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
