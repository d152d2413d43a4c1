/**
 * @module Logging out from the browser: the local session is cleared and the browser lands on
 * /login whatever happens to the API call (spec section 8).
 */

const OWN_PREFIX = 'backoffice.';

export function clearLocalSession() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(OWN_PREFIX)) localStorage.removeItem(key);
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(OWN_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}

export async function logout(reason?: 'inactive'): Promise<void> {
  clearLocalSession();
  try {
    // The action ends the API session and expires the cookie; its redirect is not followed here.
    await fetch('/logout', { method: 'POST', redirect: 'manual', credentials: 'same-origin' });
  } catch {
    // Offline or the server failed: the browser still leaves, and the server session expires on its own.
  }
  window.location.assign(reason ? `/login?reason=${reason}` : '/login');
}
