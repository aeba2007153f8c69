import { LIMITS, UI_TEXT } from '@le/contracts';

/** Reads a chosen file for the cropper; spec §5 messages for a non-image and a read failure. */
export const readImageFile = (file: File | undefined): Promise<string> =>
  new Promise((resolve, reject) => {
    if (!file || !file.type.startsWith('image/')) {
      reject(new Error(UI_TEXT.invalidImageFile));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string' && reader.result !== '') resolve(reader.result);
      else reject(new Error(UI_TEXT.imageReadFailed));
    };
    reader.onerror = () => reject(new Error(UI_TEXT.imageReadFailed));
    reader.readAsDataURL(file);
  });

/** What `decodeImage` needs of an image element (a test passes its own). */
export interface DecodableImage {
  src: string;
  decode(): Promise<void>;
}

/**
 * Resolves once the browser can decode `source` (a data URL), rejects with spec §5's "Failed to read
 * the image file." when it cannot: a file named .jpg whose bytes are no image, a truncated one. The
 * cropper is only opened on an image that decodes; otherwise it would show a broken image and never
 * become ready.
 */
export const decodeImage = async (source: string, createImage: () => DecodableImage = () => new Image()): Promise<void> => {
  const image = createImage();
  image.src = source;
  try {
    await image.decode();
  } catch {
    throw new Error(UI_TEXT.imageReadFailed);
  }
};

/** Reads a chosen file and checks that it decodes: the data URL the crop dialog opens on. */
export const readDecodableImage = async (file: File | undefined): Promise<string> => {
  const source = await readImageFile(file);
  await decodeImage(source);
  return source;
};

/** A canvas as a JPEG file at spec §9's quality; an empty result is spec §5's "Empty blob". */
export const canvasToJpegFile = (canvas: HTMLCanvasElement, fileName: string): Promise<File> =>
  new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob || blob.size === 0) {
          reject(new Error(UI_TEXT.cropEmptyBlob));
          return;
        }
        resolve(new File([blob], fileName, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      LIMITS.jpegQuality,
    );
  });
