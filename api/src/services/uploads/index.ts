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
 * - zero bytes → 400; a damaged or truncated image → 400 (binary bytes of no known type sent as a
 *   JPEG, PNG or WebP too: "could not be read"); more than `IMAGE_MAX_PIXELS` → 413
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
import { ErrorResponse } from '@le/contracts/schemas';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { failed } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { FileKind, FileRecord, FilesRepository, FileVariant, FileVisibility } from '../../store/files-repository';
import { createUploadsFolder, uploadsDirOf } from './folder';
import { readForm } from './form';
import { ACCEPTED, reencodeImage } from './images';
import { sendStored, type SendOptions } from './serve';
import { fileIdFromUrl, fileUrl } from './urls';
import { ensureVariants, HISTORY_IMAGE_WIDTHS, makeVariants, variantName, writeVariants } from './variants';

export { STALE_PART_MS, uploadsDirOf } from './folder';
export { TOO_LARGE } from './form';
export { DEFAULT_MAX_DIMENSION, IMAGE_MAX_PIXELS, reencodeImage, UNREADABLE, WRONG_TYPE, type DeclaredFile } from './images';
export type { SendOptions } from './serve';
export { fileIdFromUrl, fileUrl } from './urls';
export { HISTORY_IMAGE_WIDTHS, makeVariants, variantName } from './variants';

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
   * Checks the text fields before the image is decoded or anything is stored; throw a RuleError
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

export interface UploadServiceDeps {
  dataDir: string;
  files: FilesRepository;
  log: FastifyBaseLogger;
}

/** Images in and out: receive (check, re-encode, store, record), remove, send. One per app. */
export const createUploadService = ({ dataDir, files, log }: UploadServiceDeps) => {
  const folder = createUploadsFolder(uploadsDirOf(dataDir));

  /**
   * Receives one image from a multipart request, checks and re-encodes it, stores it and records
   * it. See the top of this file for the guarantees.
   */
  const receive = async (request: FastifyRequest, options: ReceiveImageOptions): Promise<ReceivedImage> => {
    const { buffer, fields, declared } = await readForm(request, options.fileField, options.fields ?? []);
    await options.validateFields?.(fields);
    const encoded = await reencodeImage(buffer, options.maxDimension, declared);

    const id = newId();
    const storedName = `${id}.${ACCEPTED[encoded.mime]}`;
    let variants: FileVariant[] | undefined;
    const written: string[] = [];
    try {
      // a fresh id: a file of its name already there is no file of ours to overwrite (nor to remove)
      if (!(await folder.writeStored(storedName, encoded.data))) throw new Error(`${storedName} exists already`);
      written.push(storedName);
      if (options.variantWidths) {
        variants = await writeVariants(folder, id, await makeVariants(encoded.data, encoded.width, options.variantWidths), written);
      }
    } catch (error) {
      await folder.unlinkAll(written);
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
      await folder.unlinkAll(written);
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
      await folder.unlinkAll([record.storedName, ...copies]);
    } catch (error) {
      log.warn({ err: error, fileId: id }, 'could not remove a stored file');
    }
  };

  /** See `sendStored` (serve.ts). */
  const send = (reply: FastifyReply, record: FileRecord, options: SendOptions): Promise<FastifyReply> => sendStored(folder, reply, record, options);

  /** See `ensureVariants` (variants.ts). */
  const ensure = (fileId: string, widths: readonly number[]): Promise<{ file: FileRecord | null; made: number }> =>
    ensureVariants({ folder, files, log }, fileId, widths);

  return { receive, remove, send, ensureVariants: ensure, sweepPartFiles: folder.sweepPartFiles };
};

export type UploadService = ReturnType<typeof createUploadService>;
