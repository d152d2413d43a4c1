/**
 * @module Logs out a user who comes back to the window after more than INACTIVITY_LOGOUT_MINUTES
 * without activity. The last activity is shared by all tabs through localStorage.
 */
import { useEffect } from 'react';
import { logout } from '../lib/logout';
import { isInactive, STORAGE_KEYS } from '../lib/session-rules';

const WRITE_EVERY_MS = 15_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function readLastActivity(): number | null {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEYS.lastActivity));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeLastActivity(at: number) {
  try {
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(at));
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
  } catch {
    // Without storage the server's own idle limit still ends the session.
  }
}

export function InactivityWatch() {
  useEffect(() => {
    let leaving = false;
    let lastWrite = 0;
    const expired = () => {
      if (leaving) return true;
      if (!isInactive(readLastActivity(), Date.now())) return false;
      leaving = true;
      void logout('inactive');
      return true;
    };
    const touch = () => {
      // Checked first: the click that brings the window back must not count as activity.
      if (expired()) return;
      const now = Date.now();
      if (now - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = now;
      writeLastActivity(now);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') expired();
    };
    // The page was just served for a live session: that is activity.
    lastWrite = Date.now();
    writeLastActivity(lastWrite);
    window.addEventListener('focus', expired);
    document.addEventListener('visibilitychange', onVisible);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true });
    return () => {
      window.removeEventListener('focus', expired);
      document.removeEventListener('visibilitychange', onVisible);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch);
    };
  }, []);
  return null;
}
