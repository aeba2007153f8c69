import type { PublicUser } from '@le/contracts';

import { uploadWithProgress } from '@/lib/upload';

/** The two photos of spec §5: field, endpoint, crop ratio and the file name the crop is sent as. */
export const PHOTO_KINDS = {
  profile: {
    field: 'photo_profile',
    endpoint: '/auth/upload-profile',
    aspectRatio: 1,
    fileName: 'profile.jpeg',
    /** Longest side of the cropped canvas; the server keeps at most 1024 px anyway. */
    maxSide: 1024,
    label: 'Profile photo',
  },
  identity: {
    field: 'image_identitas',
    endpoint: '/auth/upload-identitas',
    aspectRatio: 16 / 9,
    fileName: 'identitas.jpeg',
    maxSide: 1920,
    label: 'Identity photo',
  },
} as const;

export type PhotoKind = keyof typeof PHOTO_KINDS;

export interface UploadPhotoResponse {
  file: string;
  message: string;
  user: PublicUser;
}

export const uploadPhoto = (kind: PhotoKind, image: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append(PHOTO_KINDS[kind].field, image, image.name);
  return uploadWithProgress<UploadPhotoResponse>(PHOTO_KINDS[kind].endpoint, form, { onProgress });
};
