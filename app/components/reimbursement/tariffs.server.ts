/**
 * @module The server side of the reimbursement tariff screens (issue 19 part 4): the managers' list loader
 * (/fleet/home-reimbursement/tariffs), the employee card's data, and the one action every tariff form posts
 * to (create, update, delete, approve, reject). Each calls the API in process; the API decides who may do
 * what and answers why it refuses, which goes back to the form field it names.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { type Api, type ApiResult, createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, type Me, requirePermission } from '../../lib/session.server';
import { checkTariffForm, type TariffField, tariffFormFrom } from './tariff-form';
import { TARIFFS_PAGE_SIZE, tariffsUrl } from './tariff-list';

export type { TariffRow } from './tariff-list';

const tariffsApi = (api: Api) => api.client.api['fleet-reimbursement'].tariffs;

export async function tariffsLoader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const state = tariffsUrl.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const canManage = me.permissions.includes('fleet:home-reimbursement:manage');
  const [page, employees] = await Promise.all([
    api.send(
      tariffsApi(api).$get({
        query: {
          page: String(state.page),
          items_per_page: String(TARIFFS_PAGE_SIZE),
          ...(state.q ? { search: state.q } : {}),
          ...(state.status ? { status: state.status } : {}),
        },
      }),
    ),
    canManage ? api.send(tariffsApi(api).employees.$get({ query: {} })) : null,
  ]);
  const rows = must(page, me);
  return {
    rows: rows.data,
    total: rows.total,
    state,
    canManage,
    employees: employees?.ok ? employees.data.data : [],
    currency: me.company.currency ?? 'EUR',
  };
}

/** The employee card's data: the caller's own tariffs (newest validity first) and their power contracts. */
export async function loadMyTariffs(api: Api, me: Me) {
  const [tariffs, contracts] = await Promise.all([
    api.send(tariffsApi(api).$get({ query: { items_per_page: '100', page: '0' } })),
    api.send(
      api.client.api.documents.$get({
        query: { user_id: String(me.user.id), type: 'power_contract', items_per_page: '100', page: '0' },
      }),
    ),
  ]);
  // Without the permission (or reimbursement) the card shows an empty list rather than failing the page.
  return {
    tariffs: tariffs.ok ? tariffs.data.data : [],
    contracts: contracts.ok
      ? contracts.data.data.filter((d) => d.approved !== false).map((d) => ({ id: d.id, fileName: d.file_name }))
      : [],
    currency: me.company.currency ?? 'EUR',
  };
}

export const TARIFF_INTENTS = ['create', 'update', 'delete', 'approve', 'reject'] as const;
export type TariffIntent = (typeof TARIFF_INTENTS)[number];

export type TariffAnswer =
  | { ok: true; done: TariffIntent; id: number; at: number }
  | { ok: false; field: TariffField | null; error: string; errors?: Partial<Record<TariffField, string>>; at: number };

const FIELDS: readonly string[] = ['userId', 'pricePerKwh', 'validFrom', 'validTo', 'documentId'];

/**
 * One tariff action from a form: `intent` and, for create and update, the form's fields (`tariffId` for
 * the others). The form's check runs first (the same as in the browser); then the API's answer.
 */
export async function tariffAction({ request, context }: ActionFunctionArgs, who: 'manager' | 'employee') {
  const me = await requirePermission(
    request,
    context,
    who === 'manager' ? 'fleet:home-reimbursement' : 'personal:home-reimbursement',
  );
  const form = await request.formData();
  const intent = TARIFF_INTENTS.find((i) => i === form.get('intent'));
  if (!intent) throw data({ message: 'Not found' }, { status: 404 });
  const api = createApi(request, context, { language: me.user.language });
  const tariffId = /^[1-9]\d{0,15}$/.test(String(form.get('tariffId') ?? '')) ? String(form.get('tariffId')) : '0';
  const param = { tariffId };
  const tariffs = tariffsApi(api);
  let result: ApiResult<{ id: number }>;
  if (intent === 'create' || intent === 'update') {
    const checked = checkTariffForm(tariffFormFrom(form), who === 'manager' && intent === 'create');
    if (!checked.ok) {
      const [field = null] = Object.keys(checked.errors) as TariffField[];
      return data<TariffAnswer>(
        { ok: false, field, error: '', errors: checked.errors, at: Date.now() },
        { status: 400 },
      );
    }
    const json = checked.body;
    result =
      intent === 'create'
        ? await api.send(tariffs.$post({ json: checked.userId ? { ...json, userId: checked.userId } : json }))
        : await api.send(tariffs[':tariffId'].$put({ param, json }));
  } else if (intent === 'delete') {
    result = await api.send(tariffs[':tariffId'].$delete({ param }));
  } else if (intent === 'approve') {
    result = await api.send(tariffs[':tariffId'].approve.$post({ param }));
  } else {
    result = await api.send(tariffs[':tariffId'].reject.$post({ param }));
  }
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    const field = FIELDS.includes(result.error.field ?? '') ? (result.error.field as TariffField) : null;
    return data<TariffAnswer>(
      { ok: false, field, error: result.error['error-msg'], at: Date.now() },
      { status: result.status },
    );
  }
  return { ok: true, done: intent, id: result.data.id, at: Date.now() } satisfies TariffAnswer;
}
