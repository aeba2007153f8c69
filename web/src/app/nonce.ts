import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this page's inline scripts (React Router's hydration data, the session probe):
 * given by the server per request (entry.server.tsx); in the browser, read back from the page, since
 * browsers hide a nonce from the DOM's attributes but keep it on the element.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => {
  const nonce = useContext(NonceContext);
  if (nonce !== undefined || typeof document === 'undefined') return nonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
};
