/**
 * Image uploads, the one way any route of the product takes an image.
 *
 * How to use it in a route (the multipart plugin is registered once in app.ts):
 *
 *   app.post('/history', { onRequest: app.requireRole('admin'), schema: { consumes: ['multipart/form-data'],
 *     response: { 201: ..., ...UPLOAD_ERRORS } } }, async (request, reply) => {
 *     const { file, url, fields } = await app.uploads.receive(request, {
 *       fileField: 'image', fields: ['title', 'description'],
 *       ownerId: request.auth!.user._id, visibility: 'public', kind: 'history',
 *       validateFields: (f) => { if (!f.title?.trim()) throw badRequest('Title is required.'); },
 *     });
 *     // keep `file._id` (or `url`) on your record; if YOUR write then fails, call
 *     // `await app.uploads.remove(file._id)` so nothing is left behind.
 *   });
 *
 * What it guarantees, whatever the client sends:
 * - exactly one file, in `fileField`, at most `LIMITS.uploadMaxBytes` (5 MiB) → else 400 / 413;
 *   text fields only those listed, each ≤ 64 KiB → else 400;
 * - the type is decided by the bytes (file-type), never by the name or the declared type: only
 *   JPEG, PNG and WebP → else 415 (SVG, HTML renamed .png, PDFs... all 415);
 * - zero bytes → 400; a damaged or truncated image → 400; more than `IMAGE_MAX_PIXELS` → 413
 *   (checked from the header before anything is decoded: no decompression bomb);
 * - the image is re-encoded by sharp (EXIF rotation applied, all metadata dropped, scaled to fit
 *   `maxDimension`), stored as `DATA_DIR/uploads/<id>.<ext>` under a name we make, and recorded in
 *   the `files` collection with its owner and visibility;
 * - nothing reaches the disk before every check passed, the write goes through a temp name and a
 *   rename, and any failure (or an aborted request) leaves neither a file nor a record.
 *
 * - with `variantWidths` (history images), smaller WebP copies for every width narrower than the
 *   image, `DATA_DIR/uploads/<id>.w<width>.webp`, recorded as the file's `variants`, written and
 *   removed with it; `ensureVariants` makes them later for a file stored before copies existed,
 *   and again for a listed copy gone from the disk. A stored name is never overwritten (a temp file
 *   linked to its name): a file another process made first is left as it is, and a clean-up
 *   removes only what its own call created.
 *
 * Serving: public files at `GET /api/files/:id` (anyone, cached for a year; `?w=` picks the
 * narrowest copy at least that wide, else the original, cached briefly), private files at
 * `GET /api/files/private/:id` (the owner's or an admin's bearer token); see routes/files.ts.
 * The web app shows private images with the `usePrivateImage(url)` hook (web/src/hooks).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@le/contracts';
import { ErrorResponse } from '@le/contracts/schemas';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { badRequest, failed, notFound, Refusal, tooLarge, unsupportedType } from '../lib/errors';
import { newId } from '../lib/ids';
import type { FileKind, FileRecord, FilesRepository, FileVariant, FileVisibility } from '../store/files-repository';

/** 40 megapixels: every phone photo fits, a decompression bomb does not. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side kept after re-encoding, unless a route asks otherwise. */
export const DEFAULT_MAX_DIMENSION = 2_560;

/**
 * The widths of a history image's copies, for the page's `srcset`: a phone's card (343 px, at 1 to
 * 3.5 device pixels a CSS pixel), a tablet's half and a desktop's third of the 1232 px grid.
 */
export const HISTORY_IMAGE_WIDTHS = [400, 800, 1280] as const;

/** The error statuses an upload route can answer; spread into the route's response schema. */
export const UPLOAD_ERRORS = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
} as const;

const ACCEPTED = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<FileRecord['mime'], string>;

const MAX_MB = Math.round(LIMITS.uploadMaxBytes / (1024 * 1024));

export const TOO_LARGE = `The image is too large. The maximum size is ${MAX_MB} MB.`;
export const WRONG_TYPE = 'Only JPEG, PNG or WebP images are accepted.';

export interface ReceiveImageOptions {
  /** The one file field the route takes, e.g. 'photo_profile'. */
  fileField: string;
  /** The text fields the route takes; any other field is refused with 400. */
  fields?: readonly string[];
  ownerId: string;
  visibility: FileVisibility;
  kind: FileKind;
  /** Longest side after re-encoding (default `DEFAULT_MAX_DIMENSION`); never enlarges. */
  maxDimension?: number;
  /** Also keep smaller WebP copies this wide (those narrower than the image), e.g. `HISTORY_IMAGE_WIDTHS`. */
  variantWidths?: readonly number[];
  /**
   * Checks the text fields before the image is decoded or anything is stored; throw a Refusal
   * (e.g. `badRequest(...)`) to refuse the request.
   */
  validateFields?: (fields: Record<string, string>) => void | Promise<void>;
}

export interface ReceivedImage {
  file: FileRecord;
  /** Where clients fetch it: `/api/files/<id>` or `/api/files/private/<id>`. */
  url: string;
  /** The text fields, trimmed of nothing: exactly as sent. */
  fields: Record<string, string>;
}


export const fileUrl = (file: Pick<FileRecord, '_id' | 'visibility'>): string =>
  file.visibility === 'public' ? `/api/files/${file._id}` : `/api/files/private/${file._id}`;

const FILE_URL = /^\/api\/files\/(?:private\/)?([a-f0-9]{24})$/;

/** The file id inside one of our file URLs, or null for anything else (empty, external...). */
export const fileIdFromUrl = (url: string | null | undefined): string | null => {
  const match = FILE_URL.exec(url ?? '');
  return match ? match[1]! : null;
};

interface MultipartError extends Error {
  code?: string;
  statusCode?: number;
}

/** Maps the multipart parser's own errors to our statuses and words. */
const multipartFailure = (error: MultipartError): Refusal => {
  if (error instanceof Refusal) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(TOO_LARGE, 'FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return badRequest('Send exactly one image per request.', 'TOO_MANY_FILES');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The form has too many fields.', 'TOO_MANY_FIELDS');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The form has a forbidden field name.', 'BAD_FIELD');
    default:
      return badRequest('The upload was incomplete or malformed. Please try again.', 'UPLOAD_MALFORMED');
  }
};

/** Reads the whole form into memory (bounded by the plugin's limits); nothing touches the disk. */
const readForm = async (
  request: FastifyRequest,
  fileField: string,
  allowedFields: readonly string[],
): Promise<{ buffer: Buffer; fields: Record<string, string> }> => {
  if (!request.isMultipart()) {
    throw unsupportedType('Send the image as multipart/form-data.', 'NOT_MULTIPART');
  }
  const fields: Record<string, string> = {};
  let buffer: Buffer | null = null;
  let refusal: Refusal | null = null;
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files += 1;
        // Read it even when we refuse it, so that the parser moves on and its limits still apply.
        const content = await part.toBuffer();
        if (files > 1) refusal ??= badRequest('Send exactly one image per request.', 'TOO_MANY_FILES');
        else if (part.fieldname !== fileField) {
          refusal ??= badRequest(`Send the image in the field "${fileField}".`, 'WRONG_FIELD');
        } else buffer = content;
      } else {
        if (!allowedFields.includes(part.fieldname)) {
          refusal ??= badRequest(`Unexpected field "${part.fieldname.slice(0, 40)}".`, 'UNEXPECTED_FIELD');
        } else if (part.valueTruncated) {
          refusal ??= badRequest(`The field "${part.fieldname}" is too long.`, 'FIELD_TOO_LONG');
        } else if (fields[part.fieldname] !== undefined) {
          refusal ??= badRequest(`The field "${part.fieldname}" was sent twice.`, 'DUPLICATE_FIELD');
        } else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartFailure(error as MultipartError);
  }
  if (refusal) throw refusal;
  if (!buffer) throw badRequest(`No image was sent. Send it in the field "${fileField}".`, 'FILE_MISSING');
  if (buffer.length === 0) throw badRequest('The image file is empty.', 'FILE_EMPTY');
  return { buffer, fields };
};

interface Encoded {
  data: Buffer;
  mime: FileRecord['mime'];
  width: number;
  height: number;
}

/** Type from the bytes, pixel limit from the header, then a clean re-encode. */
export const reencodeImage = async (input: Buffer, maxDimension = DEFAULT_MAX_DIMENSION): Promise<Encoded> => {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(detected.mime in ACCEPTED)) throw unsupportedType(WRONG_TYPE, 'UNSUPPORTED_TYPE');
  const mime = detected.mime as FileRecord['mime'];

  const unreadable = (cause: unknown) =>
    new Refusal('invalid', 'The image could not be read. It may be damaged or incomplete.', 'IMAGE_UNREADABLE', undefined, cause);
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

interface EncodedVariant {
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

/** A temp file of `writeStored` (`.<name>.<random>.part`): renamed or removed within the call that made it. */
const PART_FILE = /^\..+\.part$/;
/** A temp file older than this was left by a process that stopped mid-write. */
export const STALE_PART_MS = 60 * 60_000;

/** The errors of `link` on a filesystem without hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

export interface SendOptions {
  cacheControl: string;
  /** `?w=`: the narrowest copy at least this wide, else the original. */
  width?: number;
  /** The cache of the original when `width` was asked (a copy not made yet, or lost, may come later). */
  originalCacheControl?: string;
}

/** Where uploads live: `DATA_DIR/uploads`. */
export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');

export interface UploadServiceDeps {
  dataDir: string;
  files: FilesRepository;
  log: FastifyBaseLogger;
}

/** Images in and out: receive (check, re-encode, store, record), remove, send. One per app. */
export const createUploadService = ({ dataDir, files, log }: UploadServiceDeps) => {
  const dir = uploadsDirOf(dataDir);

  /** The file's size and times, or null when it is not on the disk. */
  const present = (name: string): Promise<Stats | null> => stat(path.join(dir, name)).then((stats) => stats, () => null);

  /**
   * Writes one file of the uploads folder through a temp name: never half a file, and never over a
   * file of that name (a hard link fails when the name exists). True when this call created it;
   * false when the name was taken already (its file is left as it is, another writer's work).
   */
  const writeStored = async (name: string, data: Buffer): Promise<boolean> => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const tempPath = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.part`);
    const target = path.join(dir, name);
    try {
      await writeFile(tempPath, data, { flag: 'wx', mode: 0o600 });
      try {
        await link(tempPath, target);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') return false;
        if (!NO_HARD_LINKS.has(code)) throw error;
        // no hard links here: a check, then the rename (a race of two writers of one name writes the same bytes)
        if (await present(name)) return false;
        await rename(tempPath, target);
        return true;
      }
    } finally {
      await unlink(tempPath).catch(() => undefined);
    }
  };

  /**
   * Removes the temp files of writes that never finished (a process stopped mid-write), those older
   * than `olderThanMs` only: a younger one may be another process's write under way. Answers how many.
   */
  const sweepPartFiles = async (olderThanMs = STALE_PART_MS, now = Date.now()): Promise<number> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let swept = 0;
    for (const name of names.filter((candidate) => PART_FILE.test(candidate))) {
      const stats = await present(name);
      if (!stats || stats.mtimeMs > now - olderThanMs) continue;
      await unlink(path.join(dir, name)).then(
        () => (swept += 1),
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
    return swept;
  };

  /** Removes files of the uploads folder; one already gone is fine. */
  const unlinkAll = async (names: readonly string[]): Promise<void> => {
    await Promise.all(
      names.map((name) =>
        unlink(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  };

  /**
   * Writes copies made by `makeVariants`; each name this call created is added to `written` (for a
   * clean-up); a copy already on the disk (another process made it: the same bytes) is kept and listed.
   */
  const writeVariants = async (fileId: string, made: readonly EncodedVariant[], written: string[]): Promise<FileVariant[]> => {
    const variants: FileVariant[] = [];
    for (const variant of made) {
      const name = variantName(fileId, variant.width);
      if (await writeStored(name, variant.data)) written.push(name);
      variants.push({ width: variant.width, height: variant.height, mime: 'image/webp', storedName: name, bytes: variant.data.length });
    }
    return variants;
  };

  /**
   * Receives one image from a multipart request, checks and re-encodes it, stores it and records
   * it. See the top of this file for the guarantees.
   */
  const receive = async (request: FastifyRequest, options: ReceiveImageOptions): Promise<ReceivedImage> => {
    const { buffer, fields } = await readForm(request, options.fileField, options.fields ?? []);
    await options.validateFields?.(fields);
    const encoded = await reencodeImage(buffer, options.maxDimension);

    const id = newId();
    const storedName = `${id}.${ACCEPTED[encoded.mime]}`;
    let variants: FileVariant[] | undefined;
    const written: string[] = [];
    try {
      // a fresh id: a file of its name already there is no file of ours to overwrite (nor to remove)
      if (!(await writeStored(storedName, encoded.data))) throw new Error(`${storedName} exists already`);
      written.push(storedName);
      if (options.variantWidths) {
        variants = await writeVariants(id, await makeVariants(encoded.data, encoded.width, options.variantWidths), written);
      }
    } catch (error) {
      await unlinkAll(written);
      throw failed('The image could not be saved.', 'STORE_FAILED', error);
    }

    const record: FileRecord = {
      _id: id,
      ownerId: options.ownerId,
      visibility: options.visibility,
      kind: options.kind,
      mime: encoded.mime,
      storedName,
      bytes: encoded.data.length,
      width: encoded.width,
      height: encoded.height,
      createdAt: new Date(),
      ...(variants ? { variants } : {}),
    };
    try {
      await files.create(record);
    } catch (error) {
      await unlinkAll(written);
      throw error;
    }
    return { file: record, url: fileUrl(record), fields };
  };

  /**
   * Removes a stored file (record and bytes) by id or by one of our URLs. Anything else (an empty
   * string, a foreign URL) is ignored. Never throws: a clean-up must not fail the request it
   * follows; a leftover is logged.
   */
  const remove = async (idOrUrl: string | null | undefined): Promise<void> => {
    const id = idOrUrl && /^[a-f0-9]{24}$/.test(idOrUrl) ? idOrUrl : fileIdFromUrl(idOrUrl);
    if (!id) return;
    try {
      const record = await files.findById(id);
      if (!record) return;
      await files.delete(id);
      // The copies it lists, and for a history image those a start-up's ensureVariants may be writing
      // at this moment (no other kind has copies).
      const racing = record.kind === 'history' ? HISTORY_IMAGE_WIDTHS.map((width) => variantName(id, width)) : [];
      const copies = new Set([...(record.variants ?? []).map((variant) => variant.storedName), ...racing]);
      await unlinkAll([record.storedName, ...copies]);
    } catch (error) {
      log.warn({ err: error, fileId: id }, 'could not remove a stored file');
    }
  };

  /**
   * Streams a stored file with safe headers; 404 when its bytes are gone. With `width`, the
   * narrowest copy at least that wide, or the original when it has none (a file stored before
   * copies existed, an image no wider than that, a copy lost from the disk), under
   * `originalCacheControl`: the address may answer a copy later, so it is not kept for good.
   */
  const send = async (reply: FastifyReply, record: FileRecord, { cacheControl, width, originalCacheControl }: SendOptions): Promise<FastifyReply> => {
    const copy = width !== undefined ? record.variants?.find((variant) => variant.width >= width) : undefined;
    // A copy whose bytes are gone (uploads restored without them) gives way to the original.
    const copyStats = copy ? await present(copy.storedName) : null;
    const chosen = copy && copyStats ? copy : record;
    const stats = copyStats ?? (await present(record.storedName));
    if (!stats) throw notFound('File not found.');
    const filePath = path.join(dir, chosen.storedName);
    return reply
      .header('content-type', chosen.mime)
      // what is on the disk, whatever the record says
      .header('content-length', String(stats.size))
      .header('cache-control', width !== undefined && chosen === record ? (originalCacheControl ?? cacheControl) : cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${chosen.storedName}"`)
      .header('cross-origin-resource-policy', 'same-origin')
      .send(createReadStream(filePath));
  };

  /**
   * Makes the copies of a file stored without them (before copies existed), from its stored bytes,
   * and again those it lists that are gone from the disk; the original is only read. Answers the
   * record as it is now (null when the file or its bytes are gone) and how many copies this call
   * made. Idempotent: a file that has its copies on the disk (or needs none) is left as it is. An
   * original that cannot be decoded gets `variants: []` (it is served as it is, and passed over
   * from then on). Removed meanwhile, the file keeps none of the copies this call created.
   */
  const ensureVariants = async (fileId: string, widths: readonly number[]): Promise<{ file: FileRecord | null; made: number }> => {
    const record = await files.findById(fileId);
    if (!record) return { file: null, made: 0 };
    let wanted: readonly number[] = widths;
    if (record.variants !== undefined) {
      const missing: number[] = [];
      for (const variant of record.variants) if (!(await present(variant.storedName))) missing.push(variant.width);
      if (missing.length === 0) return { file: record, made: 0 };
      wanted = missing;
    }
    let image: Buffer;
    try {
      image = await readFile(path.join(dir, record.storedName));
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
      const fresh = await writeVariants(fileId, made, written);
      // a remade copy takes its place in the list; the others stay as they are
      const variants = record.variants === undefined ? fresh : record.variants.map((listed) => fresh.find((variant) => variant.width === listed.width) ?? listed);
      const updated = await files.setVariants(fileId, variants);
      // removed meanwhile: the copies this call created go too (remove() took those before them)
      if (!updated) await unlinkAll(written);
      return { file: updated, made: updated ? fresh.length : 0 };
    } catch (error) {
      await unlinkAll(written).catch(() => undefined);
      throw error;
    }
  };

  return { receive, remove, send, ensureVariants, sweepPartFiles };
};

export type UploadService = ReturnType<typeof createUploadService>;
