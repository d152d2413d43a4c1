/** @module The new-version banner: polls /api/client-version and offers Later or Get last version. */
import { Banner, Box } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNewVersion, STORAGE_KEYS, VERSION_CHECK_INTERVAL_MS } from '../lib/session-rules';

async function fetchVersion(): Promise<string | null> {
  try {
    const response = await fetch('/api/client-version', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : null;
  } catch {
    return null;
  }
}

export function VersionBanner() {
  const { t } = useTranslation();
  const firstSeen = useRef<string | null>(null);
  const [latest, setLatest] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    const check = async () => {
      const version = await fetchVersion();
      if (!active || version === null) return;
      if (firstSeen.current === null) {
        firstSeen.current = version;
        try {
          localStorage.setItem(STORAGE_KEYS.version, version);
        } catch {
          // Storage is optional here; the first version is kept in memory.
        }
      } else if (isNewVersion(firstSeen.current, version)) {
        setLatest(version);
      }
    };
    void check();
    const timer = window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);

  if (latest === null || dismissed === latest) return null;
  return (
    <Box paddingInline="400" paddingBlockStart="400">
      <Banner
        title={t('version.title')}
        tone="info"
        action={{ content: t('version.update'), onAction: () => window.location.reload() }}
        secondaryAction={{ content: t('version.later'), onAction: () => setDismissed(latest) }}
        onDismiss={() => setDismissed(latest)}
      >
        <p>{t('version.body')}</p>
      </Banner>
    </Box>
  );
}
