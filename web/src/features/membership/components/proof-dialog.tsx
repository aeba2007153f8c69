import { Button, Center, Dialog, Image, Portal, Spinner, Text } from '@chakra-ui/react';

import { usePrivateImage } from '@/hooks/use-private-image';

/** A payment's transfer proof, a private file fetched with the session's token. */
export function ProofDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const image = usePrivateImage(url);
  return (
    <Dialog.Root open={url !== null} onOpenChange={(details) => (!details.open ? onClose() : undefined)} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Transfer proof</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Center minH="40">
                {image.src ? (
                  <Image src={image.src} alt="Transfer proof" maxH="70vh" borderRadius="md" />
                ) : image.loading ? (
                  <Spinner color="gold.solid" />
                ) : (
                  <Text color="fg.muted">{image.error ?? 'No proof.'}</Text>
                )}
              </Center>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
