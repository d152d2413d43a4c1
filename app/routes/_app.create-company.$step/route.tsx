/**
 * @module /create-company/step-1 … step-4 (spec section 2): the four-step company creation of super users
 * ('company:create'). Each step saves its fields in the draft (draft.server.ts) and goes on when its
 * mandatory fields are there; "Create", after a confirmation, sends POST /api/company. A refusal comes
 * back under its field on the step that owns it; success opens the company list with a toast.
 */

import type { Language } from '@i18n/languages';
import { type MessageKey, translate } from '@i18n/messages';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StepAdmin } from '../../components/company-create/step-admin';
import { StepGeneral } from '../../components/company-create/step-general';
import { StepReview } from '../../components/company-create/step-review';
import { StepType } from '../../components/company-create/step-type';
import { WizardFrame } from '../../components/company-create/wizard-frame';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies, openCompanies } from '../../lib/companies';
import { writeToast } from '../../lib/cookies.server';
import { fieldErrorFrom } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';
import { clearDraft, readDraft, writeDraft } from './draft.server';
import { type Draft, formField, isStep, merge, STEPS, type Step, stepError, stepOf, toBody } from './steps';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyCreate.title');

const at = (step: Step) => `/create-company/${step}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company:create');
  if (!isStep(params.step)) throw redirect(at('step-1'));
  const draft = await readDraft(request);
  // A closed company takes no new subsidiary (ADR 050): it is not offered as the parent.
  const parents = openCompanies(flattenCompanies(me.companies));
  const values: Record<string, string> = { parent_company_id: String(me.company.id), ...draft.values };
  const search = new URL(request.url).searchParams.get('search');
  let candidates = null;
  if (params.step === 'step-3' && search !== null) {
    const api = createApi(request, context, { language: me.user.language });
    const found = await api.send(api.client.api.company['admin-candidates'].$get({ query: { search } }));
    candidates = found.ok ? found.data.data : [];
  }
  return { step: params.step, values, error: draft.error ?? null, parents, candidates, search: search ?? '' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'company:create');
  if (!isStep(params.step)) throw redirect(at('step-1'));
  const step = params.step;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'next');
  const saved = await readDraft(request);
  const draft: Draft = step === 'step-4' ? { values: saved.values } : merge(saved, step, form);
  const index = STEPS.indexOf(step);
  const to = async (target: Step, next: Draft, ...cookies: string[]) =>
    redirect(at(target), {
      headers: [
        ['Set-Cookie', await writeDraft(request, next)],
        ...cookies.map((c) => ['Set-Cookie', c] as [string, string]),
      ],
    });
  if (intent === 'back') return to(STEPS[Math.max(0, index - 1)] as Step, draft);
  if (intent !== 'create') {
    const refused = stepError(step, draft.values);
    if (refused) {
      const message = translate(me.user.language as Language, refused.key as MessageKey);
      return to(step, { ...draft, error: { field: refused.field, message } });
    }
    return to(STEPS[Math.min(3, index + 1)] as Step, draft);
  }
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.company.$post({ json: toBody(draft.values) }));
  if (result.ok) {
    const toast = flash('companyCreate.created', { name: result.data.name });
    const headers = api.headers(await writeToast(request, toast), await clearDraft());
    return redirect('/companies', { headers });
  }
  if (result.status === 403 && !result.error.field) forbidden(me, result.error['error-msg']);
  const field = formField(result.error.field);
  return to(stepOf(result.error.field), { ...draft, error: { field, message: result.error['error-msg'] } });
}

export default function CreateCompanyStep() {
  const { t } = useTranslation();
  const { step, values, error, parents, candidates, search } = useLoaderData<typeof loader>();
  const errorOf = fieldErrorFrom<string>(error ? { field: error.field, error: error.message } : null);
  const n = (STEPS.indexOf(step) + 1) as 1 | 2 | 3 | 4;
  const parent = parents.find((p) => String(p.id) === values.parent_company_id)?.name ?? '';
  const admin =
    values.admin_mode === 'existing'
      ? (values.admin_label ?? '')
      : [values.admin_first_name, values.admin_last_name, values.admin_email && `(${values.admin_email})`]
          .filter(Boolean)
          .join(' ');
  // A refusal of a field this step does not show (or none) is the banner's.
  const banner =
    error && (!error.field || stepOf(error.field) !== step || step === 'step-4') ? error.message : undefined;
  const key = `${step}-${JSON.stringify(error)}`;
  return (
    <WizardFrame
      n={n}
      banner={banner ?? (error ? t('companyCreate.invalid') : undefined)}
      confirm={t('companyCreate.confirmBody', { name: values.name ?? '', parent, admin })}
    >
      {step === 'step-1' ? <StepGeneral key={key} values={values} parents={parents} errorOf={errorOf} /> : null}
      {step === 'step-2' ? <StepType key={key} values={values} errorOf={errorOf} /> : null}
      {step === 'step-3' ? (
        <StepAdmin key={key} values={values} candidates={candidates} search={search} errorOf={errorOf} />
      ) : null}
      {step === 'step-4' ? <StepReview values={values} parent={parent} admin={admin} /> : null}
    </WizardFrame>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
