import type { PublicReads } from '@le/contracts';

/**
 * What the API gives every page it draws (api/src/plugins/external/web-app.ts): the public pages'
 * reads, made by its services as a guest sees them, and this request's CSP nonce.
 */
declare module 'react-router' {
  interface AppLoadContext {
    reads: PublicReads;
    nonce?: string;
    /** A failure while drawing, for the server's log. */
    onRenderError?: (error: unknown) => void;
  }
}
