import { Suspense, memo, useEffect, type ReactNode } from 'react';

/**
 * The parts of the page whose boundary is drawn, and those of them that are hydrated: counted so that
 * the app says it is ready (`whenPartsHydrated`) only once every part is hydrated, not when the
 * document around them is.
 */
let parts = 0;
let hydrated = 0;
const waiting = new Set<() => void>();
const settle = () => {
  if (hydrated < parts) return;
  for (const done of [...waiting]) {
    waiting.delete(done);
    done();
  }
};

/** Counts its part as hydrated: the last child of the part, so its effect runs after every other in it. */
function Hydrated() {
  useEffect(() => {
    hydrated += 1;
    settle();
    return () => {
      hydrated -= 1;
    };
  }, []);
  return null;
}

const HYDRATED = <Hydrated />;

/**
 * A part of a page that React hydrates on its own (a Suspense boundary; nothing in it suspends). A tap
 * that comes while the page hydrates makes React hydrate at once the part it lands in (the top bar's
 * menu, a question of the FAQ); without parts, that is the whole document, in one task that holds the
 * tap until it ends (0.4–0.9 s on a slowed phone). Memoized, and best given a constant element: a part
 * not yet hydrated that is drawn again with new props is hydrated at once, in one task.
 */
export const HydrationPart = memo(function HydrationPart({ children }: { children: ReactNode }) {
  useEffect(() => {
    parts += 1;
    return () => {
      parts -= 1;
      // after the other cleanups of this commit (a part's own count goes in a later one of them)
      queueMicrotask(settle);
    };
  }, []);
  return (
    <Suspense>
      {children}
      {HYDRATED}
    </Suspense>
  );
});

/**
 * Calls `done` once every part drawn so far is hydrated; checked after the effects of the commit that
 * asks (a part's own count comes in that commit's later effects). Returns a function that cancels.
 */
export const whenPartsHydrated = (done: () => void): (() => void) => {
  let cancelled = false;
  const once = () => {
    if (!cancelled) done();
  };
  queueMicrotask(() => {
    if (cancelled) return;
    waiting.add(once);
    settle();
  });
  return () => {
    cancelled = true;
    waiting.delete(once);
  };
};
