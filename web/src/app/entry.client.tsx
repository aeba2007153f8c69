import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

import { browserCache } from './page-styles';

// The styles the server wrote stay where they are (page-styles.ts).
const cache = browserCache();

// At once, in a transition: React hydrates in slices and yields between them, hydrating first the
// part a reader clicks on; the page is live (its socket, its buttons) as soon as it is done.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <HydratedRouter />
      </CacheProvider>
    </StrictMode>,
  );
});
