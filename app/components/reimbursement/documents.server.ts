/**
 * @module The managers' document lists (/fleet/home-reimbursement/documents/{type}[/{userId}], issue 19
 * part 3): the loader reads the list's URL state and asks GET /api/documents; the action approves,
 * invalidates or deletes one document. Shared by the two routes, which differ only by the user filter.
 */
import { typeOfSlug, type UploadType } from '@domain/reimbursement/documents';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';
import { DOCUMENTS_PAGE_SIZE, documentsUrl } from './document-list';

function typeParam(raw: string | undefined): UploadType {
  const type = typeOfSlug(raw);
  if (!type) throw data({ message: 'Not found' }, { status: 404 });
  return type;
}

export async function documentsLoader({ request, context, params }: LoaderFunctionArgs) {
  const type = typeParam(params.type);
  const userId = params.userId === undefined ? null : fleetId(params.userId);
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const state = documentsUrl.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const page = must(
    await api.send(
      api.client.api.documents.$get({
        query: {
          type,
          page: String(state.page),
          items_per_page: String(DOCUMENTS_PAGE_SIZE),
          ...(state.q ? { search_string: state.q } : {}),
          ...(state.review ? { is_approved: state.review } : {}),
          ...(state.from ? { start_date: state.from } : {}),
          ...(state.to ? { end_date: state.to } : {}),
          ...(userId ? { user_id: String(userId) } : {}),
        },
      }),
    ),
    me,
  );
  return {
    type,
    userId,
    rows: page.data,
    total: page.total,
    state,
    canManage: me.permissions.includes('fleet:home-reimbursement:manage'),
    language: me.user.language,
  };
}

export type DocumentsAnswer =
  | { done: 'approved' | 'invalidated' | 'deleted'; at: number }
  | { error: string; at: number };

const positive = (v: FormDataEntryValue | null) => (/^[1-9]\d{0,15}$/.test(String(v ?? '')) ? String(v) : '0');

export async function documentsAction({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const type = form.get('type') === 'meter_reading' ? ('meter_reading' as const) : ('power_contract' as const);
  const param = { userId: positive(form.get('userId')), documentId: positive(form.get('documentId')), type };
  const docs = api.client.api.documents[':userId'];
  const result =
    intent === 'delete'
      ? await api.send(docs.delete[':documentId'][':type'].$delete({ param }))
      : await api.send(docs.approve[':documentId'][':type'].$put({ param, json: { approved: intent === 'approve' } }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<DocumentsAnswer>({ error: result.error['error-msg'], at: Date.now() }, { status: result.status });
  }
  const done = intent === 'delete' ? 'deleted' : intent === 'approve' ? 'approved' : 'invalidated';
  return { done, at: Date.now() } satisfies DocumentsAnswer;
}
