/**
 * @module /connectors/{connectorId}/maintenance/station/{stationUid}/configuration: the station's
 * configuration keys (read, edit, download), diagnostics (request, status, files) and firmware
 * (upload, upgrade, status), each command answered with the charge point's real reply.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import {
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  useSubmit,
} from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  DropZone,
  EmptyState,
  IndexTable,
  InlineStack,
  Modal,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
} from '@shopify/polaris';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { formatBytes, formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { CertificatesTab } from './certificates-tab';
import { type ActionResult, loadTab, runIntent } from './configuration.server';
import { type ConfigurationKey, FILES_PER_PAGE, type FileList, type Progress, TABS, type Tab } from './shared';

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

const formatSize = (bytes: number) => formatBytes(bytes);

/** The station's answer (or the API's message) after a command. */
function Outcome({ result }: { result: ActionResult | undefined }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (!result.ok) {
    return (
      <Banner tone="critical" title={t('stationConfig.commandFailed')}>
        <p>{result.message}</p>
      </Banner>
    );
  }
  if (result.intent === 'revoke-certificate') {
    return (
      <Banner tone="success">
        <p data-testid="command-outcome">{t('stationCertificates.revokedDone', { serial: result.serial ?? '' })}</p>
      </Banner>
    );
  }
  if (!result.answer) return null;
  const { status, succeeded, action } = result.answer;
  let message = t('stationConfig.answered', { status });
  if (action === 'ChangeConfiguration') {
    const known = ['Accepted', 'RebootRequired', 'Rejected', 'NotSupported'].includes(status);
    message = `${result.key}: ${known ? tKey(t, `stationConfig.answers.${status}`) : message}`;
  } else if (action === 'GetDiagnostics') message = t('stationConfig.diagnostics.requested', { status });
  else if (action === 'UpdateFirmware') message = t('stationConfig.firmware.requested', { status });
  return (
    <Banner tone={status === 'RebootRequired' ? 'warning' : succeeded ? 'success' : 'critical'}>
      <p data-testid="command-outcome">{message}</p>
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

function ConfigurationTab(props: {
  uid: string;
  keys: ConfigurationKey[];
  unknownKeys: string[];
  error: string | null;
  connected: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<ConfigurationKey | null>(null);
  const [value, setValue] = useState('');
  const [downloadError, setDownloadError] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const busy = navigation.state !== 'idle';

  const download = async () => {
    setDownloading(true);
    setDownloadError(false);
    try {
      const res = await fetch(`/api/stations/${encodeURIComponent(props.uid)}/get-configuration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { reply: { configurationKey?: ConfigurationKey[] } };
      const rows = (body.reply.configurationKey ?? []).map((k) =>
        [k.key, k.value ?? '', k.readonly ? 'true' : 'false'].map((c) => `"${c.replaceAll('"', '""')}"`).join(','),
      );
      const csv = ['key,value,readonly', ...rows].join('\r\n');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `${props.uid}-configuration-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setDownloadError(true);
    } finally {
      setDownloading(false);
    }
  };

  const send = () => {
    if (!editing) return;
    submit({ intent: 'set-configuration', key: editing.key, value }, { method: 'post' });
    setEditing(null);
  };

  return (
    <Card padding="0">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <div style={{ padding: 'var(--p-space-300) var(--p-space-400) 0' }}>
            <Text as="h2" variant="headingMd">
              {t('stationConfig.config.count', { count: props.keys.length })}
            </Text>
          </div>
          <div style={{ padding: 'var(--p-space-300) var(--p-space-400) 0' }}>
            <Button onClick={download} loading={downloading} disabled={!props.connected}>
              {t('stationConfig.config.download')}
            </Button>
          </div>
        </InlineStack>
        {downloadError && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Banner tone="critical" onDismiss={() => setDownloadError(false)}>
              <p>{t('stationConfig.config.downloadError')}</p>
            </Banner>
          </div>
        )}
        {props.error && props.connected && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Banner tone="critical" title={t('stationConfig.commandFailed')}>
              <p>{props.error}</p>
            </Banner>
          </div>
        )}
        {props.unknownKeys.length > 0 && (
          <div style={{ padding: '0 var(--p-space-400)' }}>
            <Text as="p" tone="subdued">
              {t('stationConfig.config.unknownKeys', { keys: props.unknownKeys.join(', ') })}
            </Text>
          </div>
        )}
        <IndexTable
          resourceName={{ singular: t('stationConfig.config.key'), plural: t('stationConfig.config.key') }}
          itemCount={props.keys.length}
          selectable={false}
          loading={busy}
          emptyState={
            <EmptyState heading={t('stationConfig.config.emptyTitle')} image="">
              <p>{t('stationConfig.config.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('stationConfig.config.key') },
            { title: t('stationConfig.config.value') },
            { title: t('stationConfig.config.readonly') },
            { title: '' },
          ]}
        >
          {props.keys.map((k, i) => (
            <IndexTable.Row id={k.key} key={k.key} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {k.key}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" breakWord>
                  {k.value ?? '—'}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {k.readonly ? <Badge>{t('stationConfig.config.yes')}</Badge> : t('stationConfig.config.no')}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {!k.readonly && (
                  <Button
                    size="slim"
                    disabled={!props.connected || busy}
                    accessibilityLabel={`${t('stationConfig.config.edit')} ${k.key}`}
                    onClick={() => {
                      setEditing(k);
                      setValue(k.key === 'AuthorizationKey' ? '' : (k.value ?? ''));
                    }}
                  >
                    {t('stationConfig.config.edit')}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </BlockStack>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('stationConfig.config.modalTitle', { key: editing?.key ?? '' })}
        primaryAction={{ content: t('stationConfig.config.send'), onAction: send, disabled: !props.connected }}
        secondaryActions={[{ content: t('stationConfig.config.cancel'), onAction: () => setEditing(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('stationConfig.config.modalBody')}</Text>
            {editing?.key === 'AuthorizationKey' && (
              <Banner tone="info">
                <p>{t('stationConfig.config.authorizationKeyHint')}</p>
              </Banner>
            )}
            <TextField
              label={t('stationConfig.config.newValue')}
              value={value}
              onChange={setValue}
              autoComplete="off"
              type={editing?.key === 'AuthorizationKey' ? 'password' : 'text'}
              maxLength={500}
            />
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}

/** Statuses after which the charge point reports again soon: the card re-reads until it settles. */
const IN_PROGRESS = new Set(['Uploading', 'Downloading', 'Downloaded', 'Installing', 'SignatureVerified']);
const POLL_MS = 3000;

function StatusCard(props: { title: string; empty: string; progress: Progress; resetIntent: string }) {
  const { t } = useTranslation();
  const { timeZone, language } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const p = props.progress;
  const moving = p.status !== null && IN_PROGRESS.has(p.status);
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [moving, revalidator]);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {props.title}
        </Text>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="p" tone={p.status ? undefined : 'subdued'}>
            {p.status && p.received_at
              ? t('stationConfig.diagnostics.statusLine', {
                  status: p.status,
                  at: formatDateTime(p.received_at, { timeZone, language }),
                })
              : props.empty}
          </Text>
          <Button disabled={!p.status} onClick={() => submit({ intent: props.resetIntent }, { method: 'post' })}>
            {t('stationConfig.diagnostics.reset')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function FilesTable(props: {
  files: FileList;
  emptyTitle: string;
  emptyBody: string;
  action: (filename: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { timeZone, language } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const { files } = props;
  const page = files.page;
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  return (
    <Card padding="0">
      <IndexTable
        resourceName={{
          singular: t('stationConfig.diagnostics.filename'),
          plural: t('stationConfig.diagnostics.filename'),
        }}
        itemCount={files.data.length}
        selectable={false}
        emptyState={
          <EmptyState heading={props.emptyTitle} image="">
            <p>{props.emptyBody}</p>
          </EmptyState>
        }
        headings={[
          { title: t('stationConfig.diagnostics.filename') },
          { title: t('stationConfig.diagnostics.size') },
          { title: t('stationConfig.diagnostics.uploadedAt') },
          { title: '' },
        ]}
      >
        {files.data.map((f, i) => (
          <IndexTable.Row id={f.filename} key={`${f.filename}-${f.created_at}`} position={i}>
            <IndexTable.Cell>{f.filename}</IndexTable.Cell>
            <IndexTable.Cell>{formatSize(f.size)}</IndexTable.Cell>
            <IndexTable.Cell>{formatDateTime(f.created_at, { timeZone, language })}</IndexTable.Cell>
            <IndexTable.Cell>{props.action(f.filename)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      {files.total > FILES_PER_PAGE && (
        <div style={{ padding: 'var(--p-space-300)', display: 'flex', justifyContent: 'center' }}>
          <Pagination
            hasPrevious={page > 1}
            onPrevious={() => goTo(page - 1)}
            hasNext={page * FILES_PER_PAGE < files.total}
            onNext={() => goTo(page + 1)}
            previousTooltip={t('stationConfig.previous')}
            nextTooltip={t('stationConfig.next')}
            label={`${page} / ${Math.ceil(files.total / FILES_PER_PAGE)}`}
          />
        </div>
      )}
    </Card>
  );
}

function DiagnosticsTab(props: { uid: string; progress: Progress; files: FileList; connected: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'get-diagnostics';
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('stationConfig.diagnostics.request')}
          </Text>
          <Text as="p" tone="subdued">
            {t('stationConfig.diagnostics.requestBody')}
          </Text>
          <InlineStack gap="300" blockAlign="end">
            <TextField
              label={t('stationConfig.diagnostics.from')}
              type="datetime-local"
              value={from}
              onChange={setFrom}
              autoComplete="off"
            />
            <TextField
              label={t('stationConfig.diagnostics.to')}
              type="datetime-local"
              value={to}
              onChange={setTo}
              autoComplete="off"
            />
            <Button
              variant="primary"
              loading={sending}
              disabled={!props.connected}
              onClick={() => submit({ intent: 'get-diagnostics', startTime: from, stopTime: to }, { method: 'post' })}
            >
              {t('stationConfig.diagnostics.send')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <StatusCard
        title={t('stationConfig.diagnostics.status')}
        empty={t('stationConfig.diagnostics.noStatus')}
        progress={props.progress}
        resetIntent="reset-diagnostics-status"
      />
      <FilesTable
        files={props.files}
        emptyTitle={t('stationConfig.diagnostics.emptyTitle')}
        emptyBody={t('stationConfig.diagnostics.emptyBody')}
        action={(filename) => (
          <Button
            size="slim"
            url={`/api/stations/${encodeURIComponent(props.uid)}/get-diagnostics-file/${encodeURIComponent(filename)}`}
            download
          >
            {t('stationConfig.diagnostics.download')}
          </Button>
        )}
      />
    </BlockStack>
  );
}

function FirmwareTab(props: { uid: string; progress: Progress; files: FileList; connected: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const upload = async (file: File) => {
    setUploading(true);
    setUploadMessage(null);
    try {
      const res = await fetch(
        `/api/stations/${encodeURIComponent(props.uid)}/firmware/${encodeURIComponent(file.name)}`,
        {
          method: 'POST',
          body: file,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/octet-stream' },
        },
      );
      const body = (await res.json().catch(() => null)) as { filename?: string; 'error-msg'?: string } | null;
      if (!res.ok) throw new Error(body?.['error-msg'] || String(res.status));
      setUploadMessage({ ok: true, text: t('stationConfig.firmware.uploaded', { file: body?.filename ?? file.name }) });
      revalidator.revalidate();
    } catch (error) {
      setUploadMessage({
        ok: false,
        text: t('stationConfig.firmware.uploadError', { reason: error instanceof Error ? error.message : '' }),
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('stationConfig.firmware.upload')}
          </Text>
          <Text as="p" tone="subdued">
            {t('stationConfig.firmware.uploadHint')}
          </Text>
          {uploadMessage && (
            <Banner tone={uploadMessage.ok ? 'success' : 'critical'} onDismiss={() => setUploadMessage(null)}>
              <p>{uploadMessage.text}</p>
            </Banner>
          )}
          <DropZone
            allowMultiple={false}
            disabled={uploading}
            onDrop={(_all, accepted) => {
              const file = accepted[0];
              if (file) void upload(file);
            }}
          >
            <DropZone.FileUpload
              actionTitle={uploading ? t('stationConfig.firmware.uploading') : t('stationConfig.firmware.upload')}
            />
          </DropZone>
        </BlockStack>
      </Card>
      <StatusCard
        title={t('stationConfig.firmware.status')}
        empty={t('stationConfig.firmware.noStatus')}
        progress={props.progress}
        resetIntent="reset-firmware-status"
      />
      <FilesTable
        files={props.files}
        emptyTitle={t('stationConfig.firmware.emptyTitle')}
        emptyBody={t('stationConfig.firmware.emptyBody')}
        action={(filename) => (
          <Button size="slim" disabled={!props.connected} onClick={() => setConfirming(filename)}>
            {t('stationConfig.firmware.upgrade')}
          </Button>
        )}
      />
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('stationConfig.firmware.confirmTitle', { file: confirming ?? '' })}
        primaryAction={{
          content: t('stationConfig.firmware.confirm'),
          destructive: true,
          onAction: () => {
            if (confirming) submit({ intent: 'upgrade', firmware: confirming }, { method: 'post' });
            setConfirming(null);
          },
        }}
        secondaryActions={[{ content: t('stationConfig.config.cancel'), onAction: () => setConfirming(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('stationConfig.firmware.confirmBody', { file: confirming ?? '' })}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
