import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The frame the app's dialogs share: centred over a backdrop, on the panel colour, with its title (and a line under it).
 * Esc, the backdrop or a close trigger all end in `onClose`; the caller decides whether a pending action holds it open.
 */
export function DialogShell({
  open,
  onClose,
  title,
  description,
  alert = false,
  size = 'md',
  scrollInside = false,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** An alertdialog: it asks before something happens, and a click outside does not dismiss it. */
  alert?: boolean;
  size?: Dialog.RootProps['size'];
  /** A long body scrolls inside the dialog, the header and footer staying in view. */
  scrollInside?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (!details.open ? onClose() : undefined)}
      placement="center"
      role={alert ? 'alertdialog' : 'dialog'}
      size={size}
      scrollBehavior={scrollInside ? 'inside' : 'outside'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" data-testid={testId}>
            {description ? (
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description color="fg.muted" fontSize="sm">
                  {description}
                </Dialog.Description>
              </Dialog.Header>
            ) : (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
