/**
 * @module POST /my-documents (issue 19 part 3): the action of the employee's "My documents" card. An upload
 * (`?intent=upload&userId=`) streams the browser's multipart body to the API's POST
 * /documents/{userId}/create untouched (the API caps it at 10 MB and reads the type from the bytes); a
 * delete (`?intent=delete&userId=&documentId=&type=`) calls DELETE /documents/…. `personal:home-reimbursement`;
 * the API narrows it to the caller's own documents (404 otherwise).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { fleetId } from '../lib/fleet.server';
import { forbidden, requirePermission } from '../lib/session.server';

export type MyDocumentsAnswer =
  | { ok: true; done: 'uploaded' | 'deleted'; at: number }
  | { ok: false; field: string | null; error: string; at: number };

/** No page here (the card POSTs): a GET finds a missing page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:home-reimbursement');
  const query = new URL(request.url).searchParams;
  const userId = String(fleetId(query.get('userId') ?? undefined));
  const api = createApi(request, context, { language: me.user.language });
  const docs = api.client.api.documents[':userId'];
  let result: Awaited<ReturnType<typeof api.send>>;
  if (query.get('intent') === 'delete') {
    const documentId = String(fleetId(query.get('documentId') ?? undefined));
    const type = query.get('type') === 'meter_reading' ? ('meter_reading' as const) : ('power_contract' as const);
    result = await api.send(docs.delete[':documentId'][':type'].$delete({ param: { userId, documentId, type } }));
  } else {
    const init = {
      body: request.body,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      duplex: 'half',
    } as RequestInit;
    result = await api.send(docs.create.$post({ param: { userId } }, { init }));
  }
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<MyDocumentsAnswer>(
      { ok: false, field: result.error.field ?? null, error: result.error['error-msg'], at: Date.now() },
      { status: result.status },
    );
  }
  const done = query.get('intent') === 'delete' ? ('deleted' as const) : ('uploaded' as const);
  return { ok: true, done, at: Date.now() } satisfies MyDocumentsAnswer;
}
