/**
 * @module Feedback: toasts (every mutation answers with one) and notices, banners with a title
 * such as "Error 403" that survive the navigation that follows them. The provider sits in the
 * root so both survive a change of layout; `FeedbackOutlet` draws the toast inside a Polaris Frame.
 */
import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Box, Toast } from '@shopify/polaris';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../i18n/resources';
import { useRememberLocation } from '../lib/last-location';
import { isSuppressed } from '../lib/session-rules';
import type { FlashToast } from '../lib/toast';

export interface Notice {
  title: string;
  message: string;
  tone?: 'critical' | 'warning' | 'info' | 'success';
  /** Notices with the same key shown again within `suppressMs` are dropped. */
  dedupeKey?: string;
  suppressMs?: number;
}

interface ShownNotice extends Notice {
  id: number;
  /** The location it appeared on; it stays there and through one more navigation (going back). */
  bornOn: string;
  navigationsLeft: number;
}

/** Text, or an i18n key translated when drawn, so a toast follows a language change that came with it. */
interface ToastItem {
  id: string;
  text?: string;
  key?: string;
  params?: Record<string, string | number>;
  error: boolean;
}

interface Feedback {
  current: ToastItem | undefined;
  next(): void;
  toast(content: string, options?: { error?: boolean }): void;
  /** A toast from an action's answer or a flash cookie: an i18n key or a text already translated. */
  flash(toast: FlashToast | null | undefined): void;
  notify(notice: Notice): void;
  notices: ShownNotice[];
  dismiss(id: number): void;
}

const FeedbackContext = createContext<Feedback | null>(null);

const lastShown = new Map<string, number>();
/** Flash toasts already shown, by id: the root keeps its data across navigations. */
const seenFlash = new Set<string>();
const SHOWN_KEY = 'backoffice.noticeShownAt';

function lastShownAt(key: string): number | undefined {
  const known = lastShown.get(key);
  if (known !== undefined) return known;
  try {
    const stored = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '{}') as Record<string, number>;
    return stored[key];
  } catch {
    return undefined;
  }
}

function rememberShown(key: string, at: number) {
  lastShown.set(key, at);
  try {
    const stored = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '{}') as Record<string, number>;
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify({ ...stored, [key]: at }));
  } catch {
    // Private mode without storage: the in-memory map still suppresses within this page.
  }
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  // One toast at a time, the newest: an older one would only delay what just happened.
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((content: string, options: { error?: boolean } = {}) => {
    setToasts([{ id: crypto.randomUUID(), text: content, error: options.error ?? false }]);
  }, []);

  const flash = useCallback((item: FlashToast | null | undefined) => {
    if (!item || seenFlash.has(item.id)) return;
    seenFlash.add(item.id);
    if (item.text || item.key) setToasts([{ ...item, error: item.error ?? false }]);
  }, []);

  const location = useLocation();
  useRememberLocation();
  // Read during render, so a child's effect calling notify sees the location it runs on.
  const locationKey = useRef(location.key);
  locationKey.current = location.key;

  const notify = useCallback((notice: Notice) => {
    if (notice.dedupeKey) {
      const now = Date.now();
      if (isSuppressed(lastShownAt(notice.dedupeKey), now, notice.suppressMs ?? 0)) return;
      rememberShown(notice.dedupeKey, now);
    }
    const shown: ShownNotice = { ...notice, id: nextId.current++, bornOn: locationKey.current, navigationsLeft: 1 };
    setNotices((list) => [...list.filter((n) => n.title !== notice.title || n.message !== notice.message), shown]);
  }, []);

  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const previousKey = useRef(location.key);
  useEffect(() => {
    const key = location.key;
    if (previousKey.current === key) return;
    previousKey.current = key;
    setNotices((list) =>
      list
        .filter((n) => n.bornOn === key || n.navigationsLeft > 0)
        .map((n) => (n.bornOn === key ? n : { ...n, navigationsLeft: n.navigationsLeft - 1 })),
    );
  }, [location.key]);

  // A toast left by a redirecting action (see cookies.server.ts) arrives with the root's data.
  const rootToast = (useRouteLoaderData('root') as { toast?: FlashToast | null } | undefined)?.toast;
  useEffect(() => flash(rootToast), [rootToast, flash]);

  const next = useCallback(() => setToasts((list) => list.slice(1)), []);
  const current = toasts[0];
  const value = useMemo(
    () => ({ current, next, toast, flash, notify, notices, dismiss }),
    [current, next, toast, flash, notify, notices, dismiss],
  );
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

/** The current toast; must be rendered inside a Polaris Frame. */
export function FeedbackOutlet() {
  const { t } = useTranslation();
  const { current, next } = useFeedback();
  if (!current) return null;
  const content = current.text || (current.key ? tKey(t, current.key, current.params) : '');
  return <Toast key={current.id} content={content} error={current.error} onDismiss={next} />;
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}

/** The notices, as banners at the top of the page content. */
export function NoticeList() {
  const { notices, dismiss } = useFeedback();
  if (notices.length === 0) return null;
  return (
    <Box paddingInline="400" paddingBlockStart="400">
      <BlockStack gap="200">
        {notices.map((n) => (
          <Banner key={n.id} title={n.title} tone={n.tone ?? 'critical'} onDismiss={() => dismiss(n.id)}>
            <p>{n.message}</p>
          </Banner>
        ))}
      </BlockStack>
    </Box>
  );
}
