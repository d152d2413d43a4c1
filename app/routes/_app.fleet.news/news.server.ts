/**
 * @module /fleet/news's server side (issue 20 part 8): every logged-in user's feed, and for holders of
 * news:manage the management list; the actions open (mark read), publish, change and delete.
 */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { type ApiResult, createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { must } from '../../lib/fleet.server';
import { requireUser } from '../../lib/session.server';

const FEED_SIZE = 10;
const MANAGE_SIZE = 20;

export async function readNews(
  request: Request,
  context: AppLoadContext,
  state: { q: string; page: number; feedPage: number },
) {
  const me = await requireUser(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const news = api.client.api.news;
  const feed = must(
    await api.send(news.$get({ query: { page: String(state.feedPage), items_per_page: String(FEED_SIZE) } })),
    me,
  );
  const manage = me.permissions.includes('news:manage')
    ? must(
        await api.send(
          news.manage.$get({
            query: {
              page: String(state.page),
              items_per_page: String(MANAGE_SIZE),
              ...(state.q ? { q: state.q } : {}),
            },
          }),
        ),
        me,
      )
    : null;
  return { feed, manage };
}

export interface NewsActionData {
  intent: 'read' | 'create' | 'update' | 'delete';
  error?: string;
  field?: string;
}

const AUDIENCES = ['all', 'users', 'staff'] as const;
const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** The form's fields as the API's body; empty dates: now / no end (create), unchanged / no end (update). */
function bodyOf(form: FormData) {
  const audience = AUDIENCES.find((a) => a === text(form, 'audience')) ?? 'all';
  const published = text(form, 'published_at');
  const expires = text(form, 'expires_at');
  return {
    title: text(form, 'title'),
    body: text(form, 'body'),
    audience,
    ...(published ? { published_at: published } : {}),
    expires_at: expires || null,
  };
}

export async function changeNews(request: Request, context: AppLoadContext): Promise<NewsActionData> {
  const me = await requireUser(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const news = api.client.api.news;
  const form = await request.formData();
  const intent = form.get('intent');
  const param = { id: text(form, 'id') };
  const answer = (name: NewsActionData['intent'], result: ApiResult<unknown>): NewsActionData =>
    result.ok ? { intent: name } : { intent: name, error: errorText(result.error, ''), field: result.error.field };
  if (intent === 'read') return answer('read', await api.send(news[':id'].read.$post({ param })));
  if (intent === 'delete') return answer('delete', await api.send(news[':id'].$delete({ param })));
  if (intent === 'update') return answer('update', await api.send(news[':id'].$put({ param, json: bodyOf(form) })));
  return answer('create', await api.send(news.$post({ json: bodyOf(form) })));
}
