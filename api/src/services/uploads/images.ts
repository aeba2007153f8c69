/**
 * Checking and decoding an uploaded image: its type from the bytes, its pixel count from the
 * header, then a clean re-encode by sharp.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { RuleError, tooLarge, unsupportedType } from '../../lib/errors';
import type { FileRecord } from '../../store/files-repository';

/** 40 megapixels: every phone photo fits, a decompression bomb does not. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side kept after re-encoding, unless a route asks otherwise. */
export const DEFAULT_MAX_DIMENSION = 2_560;

/** The accepted types and the extension each is stored under. */
export const ACCEPTED = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<FileRecord['mime'], string>;

export const WRONG_TYPE = 'Only JPEG, PNG or WebP images are accepted.';

export interface Encoded {
  data: Buffer;
  mime: FileRecord['mime'];
  width: number;
  height: number;
}

/** What the browser said the file was (its part's type and name); the bytes decide, this only words a refusal. */
export interface DeclaredFile {
  mimetype: string;
  filename: string;
}

export const UNREADABLE = 'The image could not be read. It may be damaged or incomplete.';

/** Named or typed as a JPEG, PNG or WebP image. */
const declaredAsImage = ({ mimetype, filename }: DeclaredFile): boolean =>
  mimetype in ACCEPTED || /\.(jpe?g|png|webp)$/i.test(filename);

/** Binary bytes (a control character other than tab and line breaks early on), not text such as HTML renamed .png. */
const looksBinary = (input: Buffer): boolean => input.subarray(0, 1024).some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20));

/**
 * Type from the bytes, pixel limit from the header, then a clean re-encode. Binary bytes of no image
 * type sent as an image (a damaged `.jpg`) are "could not be read" (400), as a damaged image of a
 * known type is; anything else (HTML or SVG, whatever its name) is the wrong type (415).
 */
export const reencodeImage = async (input: Buffer, maxDimension = DEFAULT_MAX_DIMENSION, declared?: DeclaredFile): Promise<Encoded> => {
  const unreadable = (cause: unknown) => new RuleError('invalid', UNREADABLE, 'IMAGE_UNREADABLE', undefined, cause);
  const detected = await fileTypeFromBuffer(input);
  if (!detected && declared && declaredAsImage(declared) && looksBinary(input)) throw unreadable(null);
  if (!detected || !(detected.mime in ACCEPTED)) throw unsupportedType(WRONG_TYPE, 'UNSUPPORTED_TYPE');
  const mime = detected.mime as FileRecord['mime'];

  const tooManyPixels = () =>
    tooLarge(`The image has too many pixels (at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels).`, 'TOO_MANY_PIXELS');

  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  if (!header.width || !header.height) throw unreadable(null);
  if (header.width * header.height > IMAGE_MAX_PIXELS) throw tooManyPixels();

  try {
    // failOn 'warning': a truncated or corrupt image is refused rather than stored half grey.
    let pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', animated: false })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
    pipeline =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : mime === 'image/png'
          ? pipeline.png({ compressionLevel: 8 })
          : pipeline.webp({ quality: 90 });
    // No withMetadata(): EXIF (GPS, camera), ICC and XMP are all dropped.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable(error);
  }
};
