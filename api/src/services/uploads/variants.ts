/** The smaller WebP copies of a stored image (history images), made at upload or later. */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { FileRecord, FilesRepository, FileVariant } from '../../store/files-repository';
import type { UploadsFolder } from './folder';
import { IMAGE_MAX_PIXELS } from './images';

/**
 * The widths of a history image's copies, for the page's `srcset`: a phone's card (343 px, at 1 to
 * 3.5 device pixels a CSS pixel), a tablet's half and a desktop's third of the 1232 px grid.
 */
export const HISTORY_IMAGE_WIDTHS = [400, 800, 1280] as const;

export interface EncodedVariant {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * WebP copies of a stored image, one per width narrower than it, narrowest first (a copy never
 * enlarges, and one as wide as the original would only repeat it).
 */
export const makeVariants = async (image: Buffer, imageWidth: number, widths: readonly number[]): Promise<EncodedVariant[]> => {
  const wanted = [...new Set(widths)].filter((width) => width < imageWidth).sort((a, b) => a - b);
  const variants: EncodedVariant[] = [];
  for (const width of wanted) {
    const { data, info } = await sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    variants.push({ data, width: info.width, height: info.height });
  }
  return variants;
};

export const variantName = (fileId: string, width: number): string => `${fileId}.w${width}.webp`;

/**
 * Writes copies made by `makeVariants`; each name this call created is added to `written` (for a
 * clean-up); a copy already on the disk (another process made it: the same bytes) is kept and listed.
 */
export const writeVariants = async (folder: UploadsFolder, fileId: string, made: readonly EncodedVariant[], written: string[]): Promise<FileVariant[]> => {
  const variants: FileVariant[] = [];
  for (const variant of made) {
    const name = variantName(fileId, variant.width);
    if (await folder.writeStored(name, variant.data)) written.push(name);
    variants.push({ width: variant.width, height: variant.height, mime: 'image/webp', storedName: name, bytes: variant.data.length });
  }
  return variants;
};

export interface VariantDeps {
  folder: UploadsFolder;
  files: FilesRepository;
  log: FastifyBaseLogger;
}

/**
 * Makes the copies of a file stored without them (before copies existed), from its stored bytes,
 * and again those it lists that are gone from the disk; the original is only read. Answers the
 * record as it is now (null when the file or its bytes are gone) and how many copies this call
 * made. Idempotent: a file that has its copies on the disk (or needs none) is left as it is. An
 * original that cannot be decoded gets `variants: []` (it is served as it is, and passed over
 * from then on). Removed meanwhile, the file keeps none of the copies this call created.
 */
export const ensureVariants = async (
  { folder, files, log }: VariantDeps,
  fileId: string,
  widths: readonly number[],
): Promise<{ file: FileRecord | null; made: number }> => {
  const record = await files.findById(fileId);
  if (!record) return { file: null, made: 0 };
  let wanted: readonly number[] = widths;
  if (record.variants !== undefined) {
    const missing: number[] = [];
    for (const variant of record.variants) if (!(await folder.present(variant.storedName))) missing.push(variant.width);
    if (missing.length === 0) return { file: record, made: 0 };
    wanted = missing;
  }
  let image: Buffer;
  try {
    image = await readFile(folder.pathOf(record.storedName));
  } catch (error) {
    log.warn({ err: error, fileId }, 'a stored image is missing its bytes; no copies made');
    return { file: null, made: 0 };
  }
  let made: EncodedVariant[];
  try {
    made = await makeVariants(image, record.width, wanted);
  } catch (error) {
    log.warn({ err: error, fileId }, 'a stored image could not be decoded; it keeps its original alone');
    return { file: await files.setVariants(fileId, []), made: 0 };
  }
  const written: string[] = [];
  try {
    const fresh = await writeVariants(folder, fileId, made, written);
    // a remade copy takes its place in the list; the others stay as they are
    const variants = record.variants === undefined ? fresh : record.variants.map((listed) => fresh.find((variant) => variant.width === listed.width) ?? listed);
    const updated = await files.setVariants(fileId, variants);
    // removed meanwhile: the copies this call created go too (remove() took those before them)
    if (!updated) await folder.unlinkAll(written);
    return { file: updated, made: updated ? fresh.length : 0 };
  } catch (error) {
    await folder.unlinkAll(written).catch(() => undefined);
    throw error;
  }
};
