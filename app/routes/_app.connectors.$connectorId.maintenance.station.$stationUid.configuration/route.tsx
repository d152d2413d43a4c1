/**
 * @module /connectors/{connectorId}/maintenance/station/{stationUid}/configuration: the station's
 * configuration keys (read, edit, download), diagnostics (request, status, files) and firmware
 * (upload, upgrade, status), each command answered with the charge point's real reply.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Banner, BlockStack, Page, Tabs } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { CertificatesTab } from './certificates-tab';
import { type ActionResult, loadTab, runIntent } from './configuration.server';
import { ConfigurationTab } from './configuration-tab';
import { DiagnosticsTab } from './diagnostics-tab';
import { FirmwareTab } from './firmware-tab';
import { TABS, type Tab } from './shared';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'stationConfig.title');

const PERMISSION = 'connectors:command:advanced';

function readTab(url: URL): Tab {
  const tab = url.searchParams.get('tab');
  return (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'configuration';
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, PERMISSION);
  const url = new URL(request.url);
  const uid = params.stationUid ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const data = await loadTab(request, context, me, uid, readTab(url), page);
  return {
    data,
    uid,
    connectorId: params.connectorId ?? '',
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, PERMISSION);
  return runIntent(request, context, me, params.stationUid ?? '', await request.formData());
}

type Said = { tone: 'success' | 'warning' | 'critical'; text: string; title?: string };

/** What a command's answer says: the station's answer, or the API's message when it failed. */
function useOutcome(result: ActionResult | undefined): Said | null {
  const { t } = useTranslation();
  if (!result) return null;
  if (!result.ok) return { tone: 'critical', title: t('stationConfig.commandFailed'), text: result.message };
  if (result.intent === 'revoke-certificate')
    return { tone: 'success', text: t('stationCertificates.revokedDone', { serial: result.serial ?? '' }) };
  if (!result.answer) return null;
  const { status, succeeded, action } = result.answer;
  let message = t('stationConfig.answered', { status });
  if (action === 'ChangeConfiguration') {
    const known = ['Accepted', 'RebootRequired', 'Rejected', 'NotSupported'].includes(status);
    message = `${result.key}: ${known ? tKey(t, `stationConfig.answers.${status}`) : message}`;
  } else if (action === 'GetDiagnostics') message = t('stationConfig.diagnostics.requested', { status });
  else if (action === 'UpdateFirmware') message = t('stationConfig.firmware.requested', { status });
  return { tone: status === 'RebootRequired' ? 'warning' : succeeded ? 'success' : 'critical', text: message };
}

/**
 * The outcome of a command: a toast (house pattern for a mutation's outcome) and, until the next
 * command, the station's answer above the tabs (what it said stays worth reading: a reboot required).
 */
function Outcome({ result }: { result: ActionResult | undefined }) {
  const said = useOutcome(result);
  useOutcomeToast(result, said && { text: said.text, error: said.tone === 'critical' });
  if (!said) return null;
  return (
    <Banner tone={said.tone} title={said.title}>
      <p data-testid="command-outcome">{said.text}</p>
    </Banner>
  );
}

export default function StationConfigurationPage() {
  const { t } = useTranslation();
  const { data, uid, connectorId, timeZone, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params, setParams] = useSearchParams();
  const selected = TABS.indexOf(data.tab);
  const tabs = TABS.map((id) => ({
    id,
    content: id === 'certificates' ? t('stationCertificates.tab') : tKey(t, `stationConfig.tabs.${id}`),
  }));

  return (
    <Page
      title={t('stationConfig.title')}
      subtitle={uid}
      backAction={{ content: t('stationConfig.back'), url: `/connectors/${connectorId}/maintenance` }}
    >
      <BlockStack gap="400">
        {!data.connected && (
          <Banner tone="warning" title={t('stationConfig.offlineTitle')}>
            <p>{t('stationConfig.offlineBody')}</p>
          </Banner>
        )}
        <Outcome result={result} />
        <Tabs
          tabs={tabs}
          selected={selected}
          onSelect={(i) => {
            const next = new URLSearchParams(params);
            next.set('tab', TABS[i] ?? 'configuration');
            next.delete('page');
            setParams(next);
          }}
        />
        {data.tab === 'configuration' && 'keys' in data && (
          <ConfigurationTab
            uid={uid}
            keys={data.keys}
            unknownKeys={data.unknownKeys}
            error={data.error}
            connected={data.connected}
          />
        )}
        {data.tab === 'diagnostics' && 'files' in data && (
          <DiagnosticsTab uid={uid} progress={data.progress} files={data.files} connected={data.connected} />
        )}
        {data.tab === 'certificates' && 'certificates' in data && (
          <CertificatesTab data={data.certificates} timeZone={timeZone} language={language} />
        )}
        {data.tab === 'firmware' && 'files' in data && (
          <FirmwareTab uid={uid} progress={data.progress} files={data.files} connected={data.connected} />
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
