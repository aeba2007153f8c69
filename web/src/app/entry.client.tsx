import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// At once, in a transition: React hydrates in slices and yields between them, hydrating first the
// part a reader clicks on; the page is live (its socket, its buttons) as soon as it is done.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
