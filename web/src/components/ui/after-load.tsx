import { useEffect, useState, type ReactNode } from 'react';

import { afterLoad } from '@/lib/after-load';

/**
 * Renders its children only once the page has loaded and the browser is idle (`afterLoad`): for the
 * layers every page carries but its first paint does not show (toasts, the live notices), whose
 * chunks would otherwise load and run while the page itself is still painting.
 */
export function AfterLoad({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoad(() => setReady(true)), []);
  return ready ? children : null;
}
