/** @module The per-response CSP nonce: set by entry.server, read by the root for Remix's inline scripts. */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce on the server; undefined in the browser, which hides it from scripts anyway. */
export const useNonce = () => useContext(NonceContext);
