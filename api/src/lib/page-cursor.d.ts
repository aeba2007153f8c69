/** Where a newest-first page ended: the last item's creation time and id (ties broken by id). */
export interface PageCursor {
    createdAt: Date;
    id: string;
}
/** The cursor as the API hands it out: opaque base64url of `<epoch ms>.<id>`. */
export declare const encodePageCursor: (cursor: PageCursor) => string;
/** null when the text is not a cursor this API made. */
export declare const decodePageCursor: (text: string) => PageCursor | null;
/**
 * The filter part for "strictly older than the cursor" under the sort { createdAt: -1, _id: -1 }.
 * The plain bound beside the $or lets an index seek straight to the cursor instead of walking to
 * it from the newest entry (a deep page then costs what the first one does).
 */
export declare const olderThan: (cursor: PageCursor) => {
    createdAt: {
        $lte: Date;
    };
    $or: ({
        createdAt: {
            $lt: Date;
        };
        _id?: undefined;
    } | {
        createdAt: Date;
        _id: {
            $lt: string;
        };
    })[];
};
