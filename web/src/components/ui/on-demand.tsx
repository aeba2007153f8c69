import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** The parts whose file failed to load, each with the function that gives it a new lazy. */
const failedParts = new Set<() => void>();

/**
 * Around a part loaded when first asked for (a dialog in a chunk of its own): should its file fail to
 * load (a connection that dropped, a release that replaced it) or the part fail to draw, the reader is
 * told and the part is left out (`onFailed` closes what opened it), instead of the whole page giving
 * way to the error screen. `quiet`: a part the reader did not ask for (an invitation) is left out
 * without a word.
 */
export class OnDemand extends Component<{ children: ReactNode; onFailed?: () => void; quiet?: boolean }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded', error);
    for (const renew of failedParts) renew();
    failedParts.clear();
    this.props.onFailed?.();
    if (this.props.quiet) return;
    // The toaster loads after the first paint (AppProvider); a toast made before it mounts waits for it.
    void import('@/components/ui/toaster')
      .then(({ toaster }) => toaster.create({ id: 'part-not-loaded', type: 'error', title: 'This could not be opened.', description: 'Check your connection, then reload the page.', closable: true }))
      .catch(() => undefined);
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/**
 * A part in a chunk of its own: the component to render and `preload`, which fetches its file ahead of
 * the first opening. A part whose file has arrived is drawn at once, in the render that asks for it
 * (React's lazy would suspend that render once more and draw it a task later); one asked for before
 * that is drawn through lazy when it arrives, and stays so, so it is never mounted anew. A load that
 * failed is tried again by the next call, and by the next part mounted once the failure was told
 * (React's lazy keeps a failure for good, so a new one is made then).
 */
export const onDemand = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const makeLazy = () => lazy(() => preload().then((part) => ({ default: part })));
  let Lazy = makeLazy();
  const renew = () => {
    Lazy = makeLazy();
  };
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (part) => {
        loaded = part;
        return part;
      },
      (error: unknown) => {
        loading = null;
        // renewed once the failure has reached its OnDemand (a render retried before that must see it)
        failedParts.add(renew);
        throw error;
      },
    ));
  function Part(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Chosen {...props} />;
  }
  return { Part, preload };
};

/**
 * Fetches a part's file once the page is live and the browser idle (`enabled`: when this reader can open
 * it): the page's start does not carry it, and a first tap that opens it does not wait on the network.
 */
export function usePreloadWhenIdle(preload: () => Promise<unknown>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const run = () => void preload().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(run, 2_000);
    return () => window.clearTimeout(id);
  }, [preload, enabled]);
}
