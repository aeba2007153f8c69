/** The history posts (spec §3 history entry; contract §5). */
import { Type } from 'typebox';
import { LIMITS } from '../constants';
import { Cursor } from './common';

/** One stored size of a history image: its URL and its width in pixels. */
export const HistoryImageSize = Type.Object({ url: Type.String(), width: Type.Integer() });

/**
 * `image` is a public URL under /api/files/... (the image as uploaded). `images` lists every stored
 * size of it, narrowest first, the original last, for the page's `srcset`; only the original (or
 * nothing, when its file is gone) for an image stored before smaller copies were kept.
 */
export const HistoryEntry = Type.Object({
  _id: Type.String(),
  image: Type.String(),
  images: Type.Array(HistoryImageSize),
  title: Type.String(),
  description: Type.String(),
  createdAt: Type.String(),
});

export const HistoryListQuery = Type.Object(
  {
    /** The `nextCursor` of the page before. */
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.historyPageMax, default: LIMITS.historyPageSize })),
  },
  { additionalProperties: false },
);

export const HistoryListResponse = Type.Object({ history: Type.Array(HistoryEntry), nextCursor: Cursor });
export const HistoryEntryResponse = Type.Object({ entry: HistoryEntry });

/**
 * The JSON form of an edit (the multipart form carries the same fields plus an optional `image`).
 * Lengths are checked again after trimming; the schema only bounds what is read.
 */
export const HistoryUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: LIMITS.historyTitleMax * 2 })),
    description: Type.Optional(Type.String({ maxLength: LIMITS.historyDescriptionMax * 2 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
