import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS, type HistoryEntry } from '@le/contracts';
import { ErrorResponse, HistoryListQuery, HistoryListResponse } from '@le/contracts/schemas';
import { badRequest } from '../../lib/http-error';
import { decodeHistoryCursor, encodeHistoryCursor } from '../../store/history-repository';
import type { HistoryRecord } from '../../store';

/** The public URL of a history image (contract §5: history images are public). */
export const historyImageUrl = (fileId: string): string => `/api/files/${fileId}`;

export const toHistoryEntry = (record: HistoryRecord): HistoryEntry => ({
  _id: record._id,
  image: historyImageUrl(record.imageFileId),
  title: record.title,
  description: record.description,
  createdAt: record.createdAt.toISOString(),
});

/** The public history (spec §2 History): newest first, a page at a time. */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { history } = app.store;

  app.get(
    '/',
    { schema: { querystring: HistoryListQuery, response: { 200: HistoryListResponse, 400: ErrorResponse } } },
    async (request) => {
      const { before: cursorText, limit = LIMITS.historyPageSize } = request.query;
      const before = cursorText === undefined ? null : decodeHistoryCursor(cursorText);
      if (before === null && cursorText !== undefined) throw badRequest('This page cursor is not valid.', 'BAD_CURSOR');
      const page = await history.page({ before, limit });
      return { history: page.entries.map(toHistoryEntry), nextCursor: page.next ? encodeHistoryCursor(page.next) : null };
    },
  );
};

export default historyRoutes;
