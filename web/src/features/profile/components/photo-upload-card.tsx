import { AspectRatio, Box, Button, Image, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import { useRef, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { resolveFileUrl, usePrivateImage } from '@/hooks/use-private-image';
import { errorMessage } from '@/lib/api-client';
import { PHOTO_KINDS, type PhotoKind, uploadPhoto } from '@/features/profile/api/upload-photo';
import { readDecodableImage } from '@/features/profile/utils/crop';
import { CropDialog } from './crop-dialog';

interface PhotoUploadCardProps {
  kind: PhotoKind;
  /** The photo's current URL ('' when none). */
  url: string;
  onUploaded: (user: PublicUser) => void;
}

function ProfilePreview({ url }: { url: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  // Spec §8: a broken profile image link clears the image.
  const src = url && broken !== url ? resolveFileUrl(url) : '';
  return (
    <Box boxSize={{ base: '28', md: '32' }} borderRadius="full" overflow="hidden" bg="bg.muted" borderWidth="2px" borderColor="gold.muted" flexShrink={0}>
      {src ? (
        <Image src={src} alt="Your profile photo" boxSize="full" objectFit="cover" onError={() => setBroken(url)} data-testid="profile-photo-preview" />
      ) : (
        <Stack h="full" align="center" justify="center" color="fg.subtle" fontSize="sm">
          <Text>No photo</Text>
        </Stack>
      )}
    </Box>
  );
}

function IdentityPreview({ url }: { url: string }) {
  const image = usePrivateImage(url || null);
  return (
    <AspectRatio ratio={16 / 9} w="full" maxW="md">
      <Box bg="bg.muted" borderRadius="lg" borderWidth="1px" borderColor="border" overflow="hidden">
        {image.src ? (
          <Image src={image.src} alt="Your identity photo" w="full" h="full" objectFit="cover" data-testid="identity-photo-preview" />
        ) : image.loading ? (
          <Spinner color="gold.solid" />
        ) : (
          <Text color="fg.subtle" fontSize="sm" px="4" textAlign="center">
            {image.error ?? 'No identity photo yet'}
          </Text>
        )}
      </Box>
    </AspectRatio>
  );
}

/** One photo of the profile: preview, choose a file, crop it (spec §5 ratio), upload it with progress. */
export function PhotoUploadCard({ kind, url, onUploaded }: PhotoUploadCardProps) {
  const config = PHOTO_KINDS[kind];
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setError(null);
    setSuccess(null);
    try {
      setSource(await readDecodableImage(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UI_TEXT.imageReadFailed);
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    setProgress(0);
    try {
      const response = await uploadPhoto(kind, file, setProgress);
      onUploaded(response.user);
      setSuccess(UI_TEXT.imageUploaded);
      setSource(null);
    } catch (failure) {
      // Shown inside the dialog, which stays open so the user can try again.
      throw new Error(errorMessage(failure, UI_TEXT.uploadFailed), { cause: failure });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const inputId = `${config.field}-input`;
  return (
    <Stack gap="4" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid={`${kind}-photo-card`}>
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="lg">
          {config.label}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {kind === 'profile'
            ? 'Shown next to your messages. Square crop, JPEG or PNG up to 5 MB.'
            : 'A photo of your ID card, seen only by you and the admins. Wide 16:9 crop, up to 5 MB.'}
        </Text>
      </Stack>
      <Stack direction={kind === 'profile' ? 'row' : 'column'} gap="4" align={kind === 'profile' ? 'center' : 'stretch'}>
        {kind === 'profile' ? <ProfilePreview url={url} /> : <IdentityPreview url={url} />}
        <Stack gap="2" align="flex-start">
          <VisuallyHidden>
            <label htmlFor={inputId}>
              {/^[aeiou]/i.test(config.label) ? 'Choose an' : 'Choose a'} {config.label.toLowerCase()}
            </label>
          </VisuallyHidden>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            data-testid={`${kind}-file-input`}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button variant="outline" colorPalette="gold" onClick={() => inputRef.current?.click()} disabled={busy}>
            {url ? 'Change photo' : 'Upload photo'}
          </Button>
        </Stack>
      </Stack>
      {error ? <FormAlert status="error" title={error} /> : null}
      {success ? <FormAlert status="success" title={success} /> : null}
      <CropDialog
        source={source}
        title={kind === 'profile' ? 'Crop your profile photo' : 'Crop your identity photo'}
        aspectRatio={config.aspectRatio}
        fileName={config.fileName}
        maxSide={config.maxSide}
        round={kind === 'profile'}
        onCropped={upload}
        onClose={() => setSource(null)}
        onImageError={() => {
          // decoded before, yet the dialog's copy failed: close it and say so, never a broken image
          setSource(null);
          setError(UI_TEXT.imageReadFailed);
        }}
        busy={busy}
        progress={progress}
      />
    </Stack>
  );
}
