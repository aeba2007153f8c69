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
