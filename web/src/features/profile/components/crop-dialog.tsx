import 'cropperjs/dist/cropper.css';

import { Box, Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { CROPPER_DEFAULTS, UI_TEXT } from '@le/contracts';
import Cropper from 'cropperjs';
import { useEffect, useRef, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { canvasToJpegFile } from '@/features/profile/utils/crop';

export interface CropDialogProps {
  /** The image to crop as a data URL; null keeps the dialog closed. */
  source: string | null;
  title: string;
  /** 1 for the profile photo, 16 / 9 for the identity photo (spec §5). */
  aspectRatio: number;
  fileName: string;
  maxSide: number;
  /** Round preview of the crop area (profile photo). */
  round?: boolean;
  /** Receives the cropped JPEG; the dialog stays open and busy until it settles. */
  onCropped: (file: File) => Promise<void>;
  onClose: () => void;
  /** The image cannot be shown (it does not decode): the owner closes the dialog and says why. */
  onImageError?: () => void;
  busy?: boolean;
  /** Upload progress (0..100) while `onCropped` runs. */
  progress?: number | null;
}

/** The crop dialog of spec §2/§5 on cropperjs 1.6 with spec §9's options. */
export function CropDialog({
  source,
  title,
  aspectRatio,
  fileName,
  maxSide,
  round = false,
  onCropped,
  onClose,
  onImageError,
  busy = false,
  progress = null,
}: CropDialogProps) {
  const imageRef = useRef<HTMLImageElement | null>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    setReady(false);
    return () => {
      cropperRef.current?.destroy();
      cropperRef.current = null;
    };
  }, [source]);

  const startCropper = () => {
    const image = imageRef.current;
    if (!image) return;
    cropperRef.current?.destroy();
    setReady(false);
    cropperRef.current = new Cropper(image, {
      ...CROPPER_DEFAULTS,
      aspectRatio,
      viewMode: 1,
      dragMode: 'move',
      background: false,
      responsive: true,
      // On a resize, start a fresh frame rather than scale the old one: a resize through a zero-size
      // moment (a hidden tab, a rotating phone) would otherwise collapse the frame for good.
      restore: false,
      ready: () => setReady(true),
    });
  };

  const crop = async () => {
    setError(null);
    const cropper = cropperRef.current;
    if (!cropper || !ready) {
      setError(UI_TEXT.cropperNotReady);
      return;
    }
    const canvas = cropper.getCroppedCanvas({
      maxWidth: maxSide,
      maxHeight: maxSide,
      fillColor: '#ffffff',
      imageSmoothingQuality: 'high',
    });
    try {
      const file = await canvasToJpegFile(canvas, fileName);
      await onCropped(file);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UI_TEXT.cropEmptyBlob);
    }
  };

  return (
    <Dialog.Root
      open={source !== null}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      placement="center"
      size="lg"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content bg="bg.panel" data-testid="crop-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" fontSize="sm">
                  Drag to move the image, scroll or pinch to zoom, and drag the frame's corners to resize it.
                </Text>
                <Box
                  className={round ? 'le-crop-round' : undefined}
                  bg="black"
                  borderRadius="md"
                  overflow="hidden"
                  h={{ base: '55dvh', md: '420px' }}
                  minH="200px"
                  css={
                    round
                      ? { '& .cropper-view-box, & .cropper-face': { borderRadius: '50%' }, '& .cropper-view-box': { outline: '0', boxShadow: '0 0 0 1px #f0cc4d' } }
                      : { '& .cropper-view-box': { outlineColor: '#f0cc4d' } }
                  }
                >
                  {source ? (
                    <img
                      ref={imageRef}
                      src={source}
                      alt="The image to crop"
                      onLoad={startCropper}
                      onError={() => {
                        if (onImageError) onImageError();
                        else setError(UI_TEXT.imageReadFailed);
                      }}
                      style={{ display: 'block', maxWidth: '100%' }}
                    />
                  ) : null}
                </Box>
                {busy && progress !== null ? <ProgressBar value={progress} /> : null}
                {error ? <FormAlert status="error" title={error} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button colorPalette="gold" onClick={() => void crop()} loading={busy} loadingText="Uploading…" data-testid="crop-confirm">
                  Crop &amp; Upload
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
