/**
 * Development mailbox: the e-mails the product would have sent (2FA codes, reset links), read
 * from the outbox through /api/dev/mailbox. Answers 404 unless this is a local or test build
 * (__DEV_TOOLS__) running with APP_ENV development or test.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { BlockStack, Box, Button, Card, EmptyState, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';

interface Message {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string;
  createdAt: string | number;
}

export const meta: MetaFunction = () => [{ title: 'Development mailbox' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Compiled out of production builds; at run time the API itself answers 404 outside development.
  if (!__DEV_TOOLS__) throw new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const to = url.searchParams.get('to') ?? '';
  const api = new URL('/api/dev/mailbox', url.origin);
  api.searchParams.set('limit', '50');
  if (to) api.searchParams.set('to', to);
  const res = await context.api(new Request(api));
  if (!res.ok) throw new Response(res.status === 404 ? 'Not found' : 'Mailbox unavailable', { status: res.status });
  const body = (await res.json()) as { messages: Message[] };
  return data({ to, messages: body.messages });
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  const [filter, setFilter] = useState(to);
  return (
    <Page
      title="Development mailbox"
      subtitle="E-mails the product sent locally. This page does not exist in production."
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="200" blockAlign="end">
              <Box minWidth="320px">
                <TextField label="Recipient" name="to" value={filter} onChange={setFilter} autoComplete="off" />
              </Box>
              <Button submit>Filter</Button>
            </InlineStack>
          </Form>
        </Card>
        {messages.length === 0 ? (
          <Card>
            <EmptyState heading="No e-mails yet" image="">
              <p>Log in with a demo user: the two-factor code appears here.</p>
            </EmptyState>
          </Card>
        ) : (
          messages.map((m) => (
            <Card key={m.id}>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {m.subject}
                </Text>
                <Text as="p" tone="subdued">
                  To {m.to} · {new Date(m.createdAt).toISOString().replace('T', ' ').slice(0, 19)} UTC · {m.template}
                </Text>
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.text}</pre>
              </BlockStack>
            </Card>
          ))
        )}
      </BlockStack>
    </Page>
  );
}
