import { Box, Button, Field, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';

import { IMAGE_TYPES } from '@/features/history/utils/format';
import { HistoryImage } from './history-image';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Choose an image (JPEG, PNG or WebP) and see it before it is uploaded. */
export function ImagePicker({
  file,
  onChange,
  error,
  currentImage,
  disabled,
  label = 'Image',
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  /** The image the entry has now (edit): shown until another is chosen. */
  currentImage?: string;
  disabled?: boolean;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <Field.Root invalid={Boolean(error)} id="history-image">
      <Field.Label fontWeight="medium" color="fg">
        {label}
      </Field.Label>
      <Stack gap="3" w="100%">
        <Box borderWidth="1px" borderColor={error ? 'border.error' : 'border'} borderRadius="lg" overflow="hidden" bg="bg.muted">
          {preview ? (
            <Box aspectRatio={16 / 9}>
              <Image src={preview} alt="Preview of the chosen image" w="100%" h="100%" objectFit="contain" data-testid="image-preview" />
            </Box>
          ) : currentImage ? (
            <HistoryImage src={currentImage} alt="The current image" />
          ) : (
            <Stack aspectRatio={16 / 9} align="center" justify="center" color="fg.subtle" gap="1" px="4" textAlign="center">
              <Text fontWeight="medium">No image chosen yet</Text>
              <Text fontSize="sm">JPEG, PNG or WebP, up to 5 MB</Text>
            </Stack>
          )}
        </Box>
        <HStack gap="3" wrap="wrap">
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hidden
            aria-label={label}
            data-testid="image-input"
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
            {file || currentImage ? 'Choose another image' : 'Choose image'}
          </Button>
          {file ? (
            <>
              <Text fontSize="sm" color="fg.muted" truncate maxW="60%">
                {file.name} · {sizeText(file.size)}
              </Text>
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
                Remove
              </Button>
            </>
          ) : null}
        </HStack>
      </Stack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
