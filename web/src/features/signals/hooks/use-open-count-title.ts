import { useEffect } from 'react';

import { withOpenCount } from '@/features/signals/utils/format';

/**
 * "(n) " in front of the tab's title while n signals are open. Pages set their own `<title>` as they
 * render, so the head is watched and the prefix put back whenever the title changes.
 */
export function useOpenCountTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = withOpenCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = withOpenCount(document.title, 0);
    };
  }, [count]);
}
