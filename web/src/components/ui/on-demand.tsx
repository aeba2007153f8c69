import { Component, Suspense, type ReactNode } from 'react';

/**
 * Around a part loaded when first asked for (a dialog in a chunk of its own): should its file fail to
 * load (a connection that dropped, a release that replaced it) or the part fail to draw, the reader is
 * told and the part is left out (`onFailed` closes what opened it), instead of the whole page giving
 * way to the error screen.
 */
export class OnDemand extends Component<{ children: ReactNode; onFailed?: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded', error);
    this.props.onFailed?.();
    // The toaster loads after the first paint (AppProvider); a toast made before it mounts waits for it.
    void import('@/components/ui/toaster')
      .then(({ toaster }) => toaster.create({ id: 'part-not-loaded', type: 'error', title: 'This could not be opened.', description: 'Check your connection, then reload the page.', closable: true }))
      .catch(() => undefined);
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
