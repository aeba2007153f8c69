/** Where a newest-first page ended: the last item's creation time and id (ties broken by id). */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** The cursor as the API hands it out: opaque base64url of `<epoch ms>.<id>`. */
export const encodePageCursor = (cursor: PageCursor): string =>
  Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`, 'utf8').toString('base64url');

/** null when the text is not a cursor this API made. */
export const decodePageCursor = (text: string): PageCursor | null => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  const [time, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !time || !id || !/^\d{1,15}$/.test(time) || !ID_PATTERN.test(id)) return null;
  return { createdAt: new Date(Number(time)), id };
};

/**
 * The filter part for "strictly older than the cursor" under the sort { createdAt: -1, _id: -1 }.
 * The plain bound beside the $or lets an index seek straight to the cursor instead of walking to
 * it from the newest entry (a deep page then costs what the first one does).
 */
export const olderThan = (cursor: PageCursor) => ({
  createdAt: { $lte: cursor.createdAt },
  $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, _id: { $lt: cursor.id } }],
});
