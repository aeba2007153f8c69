import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS, type HistoryEntry, type HistoryListResponse as HistoryListResponseBody } from '@le/contracts';
import {
  ErrorResponse,
  HistoryEntryResponse,
  HistoryListQuery,
  HistoryListResponse,
  HistoryUpdateBody,
  IdParams,
} from '@le/contracts/schemas';
import { Type } from 'typebox';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodePageCursor, encodePageCursor, type PageCursor } from '../../lib/page-cursor';
import { HISTORY_IMAGE_WIDTHS, UPLOAD_ERRORS } from '../../services/uploads';
import type { HistoryChanges } from '../../store/history-repository';
import type { FileRecord, HistoryRecord, Store } from '../../store';
import { activityOrigin } from '../../lib/activity-origin';

/** The entries with their images' sizes: one read of the files for a whole page. */
const historyEntriesOf = async (files: Store['files'], records: HistoryRecord[]): Promise<HistoryEntry[]> => {
  const byId = new Map((await files.findByIds(records.map((record) => record.imageFileId))).map((file) => [file._id, file]));
  return records.map((record) => toHistoryEntry(record, byId.get(record.imageFileId)));
};

/** A page of the history, newest first (GET /api/history, and the server's drawing of /history). */
export const readHistoryPage = async (store: Pick<Store, 'history' | 'files'>, query: { before: PageCursor | null; limit: number }): Promise<HistoryListResponseBody> => {
  const page = await store.history.page(query);
  return { history: await historyEntriesOf(store.files, page.entries), nextCursor: page.next ? encodePageCursor(page.next) : null };
};

/** The public URL of a history image (contract §5: history images are public). */
export const historyImageUrl = (fileId: string): string => `/api/files/${fileId}`;

/** Every stored size of the image, narrowest first, the original last (`srcset`); [] when its file is gone. */
export const historyImageSizes = (file: FileRecord | null | undefined): HistoryEntry['images'] => {
  if (!file) return [];
  const url = historyImageUrl(file._id);
  return [...(file.variants ?? []).map((variant) => ({ url: `${url}?w=${variant.width}`, width: variant.width })), { url, width: file.width }];
};

export const toHistoryEntry = (record: HistoryRecord, file: FileRecord | null | undefined): HistoryEntry => ({
  _id: record._id,
  image: historyImageUrl(record.imageFileId),
  images: historyImageSizes(file),
  title: record.title,
  description: record.description,
  createdAt: record.createdAt.toISOString(),
});

interface HistoryText {
  title?: string | undefined;
  description?: string | undefined;
}

const characters = (text: string): number => [...text].length;

/**
 * Trims and checks the text of a post: title 1–200 and description 1–5000 characters. With
 * `required` both must be there (create); otherwise only what was sent is checked (edit).
 */
export const checkHistoryText = (input: HistoryText, required: boolean): Pick<HistoryChanges, 'title' | 'description'> => {
  const checked: Pick<HistoryChanges, 'title' | 'description'> = {};
  if (required || input.title !== undefined) {
    const title = (input.title ?? '').trim();
    if (characters(title) < 1 || characters(title) > LIMITS.historyTitleMax) {
      throw badRequest(`The title must be 1 to ${LIMITS.historyTitleMax} characters.`, 'BAD_TITLE');
    }
    checked.title = title;
  }
  if (required || input.description !== undefined) {
    const description = (input.description ?? '').trim();
    if (characters(description) < 1 || characters(description) > LIMITS.historyDescriptionMax) {
      throw badRequest(`The description must be 1 to ${LIMITS.historyDescriptionMax} characters.`, 'BAD_DESCRIPTION');
    }
    checked.description = description;
  }
  return checked;
};

/** Writes are admin-only and few; this bounds a runaway script, not a person. */
const WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };
const HISTORY_PAGE = '/manage-history';
/** The multipart form of POST / and PUT /:id (read by the uploads service, shown in the docs). */
const HISTORY_FORM = { fileField: 'image', fields: ['title', 'description'] } as const;

/**
 * The history (spec §2 History, contract §5): anyone reads, newest first, a page at a time; admins
 * publish (multipart with the image), edit and delete.
 *
 * An edit is either JSON `{title?, description?}` (text only) or multipart/form-data with a new
 * `image` and optionally `title` / `description`; a replaced image's file is removed once the
 * entry points at the new one, and a deleted entry takes its image file with it.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { history, files } = app.store;

  const entriesOf = (records: HistoryRecord[]) => historyEntriesOf(files, records);
  const entryOf = async (record: HistoryRecord): Promise<HistoryEntry> => (await entriesOf([record]))[0]!;

  app.get(
    '/',
    { schema: { querystring: HistoryListQuery, response: { 200: HistoryListResponse, 400: ErrorResponse } } },
    async (request) => {
      const { before: cursorText, limit = LIMITS.historyPageSize } = request.query;
      const before = cursorText === undefined ? null : decodePageCursor(cursorText);
      if (before === null && cursorText !== undefined) throw badRequest('This page cursor is not valid.', 'BAD_CURSOR');
      return readHistoryPage(app.store, { before, limit });
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireRole('admin'),
      config: WRITE_LIMIT,
      schema: { consumes: ['multipart/form-data'], multipartForm: { ...HISTORY_FORM, required: HISTORY_FORM.fields }, response: { 201: HistoryEntryResponse, ...UPLOAD_ERRORS } },
    },
    async (request, reply) => {
      const admin = request.auth!.user;
      let text: Pick<HistoryChanges, 'title' | 'description'> = {};
      const { file } = await app.uploads.receive(request, {
        ...HISTORY_FORM,
        ownerId: admin._id,
        visibility: 'public',
        kind: 'history',
        variantWidths: HISTORY_IMAGE_WIDTHS,
        validateFields: (fields) => {
          text = checkHistoryText(fields, true);
        },
      });
      const now = new Date();
      let record: HistoryRecord;
      try {
        record = await history.create({
          _id: newId(),
          title: text.title!,
          description: text.description!,
          imageFileId: file._id,
          createdBy: admin._id,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        await app.uploads.remove(file._id);
        throw error;
      }
      await app.activity.record(activityOrigin(request), { page: HISTORY_PAGE, message: `Created history entry "${record.title}"` });
      return reply.code(201).send({ entry: toHistoryEntry(record, file) });
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireRole('admin'),
      config: WRITE_LIMIT,
      schema: {
        params: IdParams,
        consumes: ['application/json', 'multipart/form-data'],
        // A new image, and the title or description when they change too.
        multipartForm: HISTORY_FORM,
        // Only the JSON form has a body schema; the multipart form is checked by the uploads service.
        body: { content: { 'application/json': { schema: HistoryUpdateBody } } },
        response: { 200: HistoryEntryResponse, 404: ErrorResponse, ...UPLOAD_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const existing = await history.findById(id);
      if (!existing) throw notFound('History entry not found.');

      let updated: HistoryRecord | null;
      // the new image's record when one came: the answer is built from it, not read back
      let newFile: FileRecord | null = null;
      if (request.isMultipart()) {
        let text: Pick<HistoryChanges, 'title' | 'description'> = {};
        const { file } = await app.uploads.receive(request, {
          ...HISTORY_FORM,
          ownerId: request.auth!.user._id,
          visibility: 'public',
          kind: 'history',
          variantWidths: HISTORY_IMAGE_WIDTHS,
          validateFields: (fields) => {
            text = checkHistoryText(fields, false);
          },
        });
        // Only from the image we read: a concurrent edit or delete leaves the new file unused.
        updated = await history.replaceImage(id, existing.imageFileId, { ...text, imageFileId: file._id }).catch(async (error: unknown) => {
          await app.uploads.remove(file._id);
          throw error;
        });
        if (!updated) {
          await app.uploads.remove(file._id);
          if (!(await history.findById(id))) throw notFound('History entry not found.');
          throw conflict('This entry was changed at the same time. Reload it and try again.', 'EDIT_CONFLICT');
        }
        await app.uploads.remove(existing.imageFileId);
        newFile = file;
      } else {
        const body = (request.body ?? {}) as HistoryText;
        if (body.title === undefined && body.description === undefined) {
          throw badRequest('Send a new title, description or image.', 'NOTHING_TO_CHANGE');
        }
        updated = await history.update(id, checkHistoryText(body, false));
        if (!updated) throw notFound('History entry not found.');
      }
      await app.activity.record(activityOrigin(request), { page: HISTORY_PAGE, message: `Edited history entry "${updated.title}"` });
      return { entry: newFile ? toHistoryEntry(updated, newFile) : await entryOf(updated) };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireRole('admin'),
      config: WRITE_LIMIT,
      schema: {
        params: IdParams,
        response: { 204: Type.Null(), 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const existing = await history.findById(request.params.id);
      if (!existing || !(await history.delete(existing._id))) throw notFound('History entry not found.');
      await app.uploads.remove(existing.imageFileId);
      await app.activity.record(activityOrigin(request), { page: HISTORY_PAGE, message: `Deleted history entry "${existing.title}"` });
      return reply.code(204).send(null);
    },
  );
};

export default historyRoutes;
