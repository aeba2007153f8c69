import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children right after the page has hydrated (or, in a page the browser draws, after its
 * first render): for the layers every page carries but its first paint does not show (toasts, the
 * live layers), whose chunks then load beside the page instead of in its way. In a transition, so that
 * React renders them in slices and yields to the reader between them (an update from an effect is
 * otherwise rendered in one piece).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
