import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type HistoryEntry } from '@le/contracts';
import type { HistoryChanges } from '../../store/history-repository';
import type { HistoryRecord } from '../../store';
/** The public URL of a history image (contract §5: history images are public). */
export declare const historyImageUrl: (fileId: string) => string;
export declare const toHistoryEntry: (record: HistoryRecord) => HistoryEntry;
interface HistoryText {
    title?: string | undefined;
    description?: string | undefined;
}
/**
 * Trims and checks the text of a post: title 1–200 and description 1–5000 characters. With
 * `required` both must be there (create); otherwise only what was sent is checked (edit).
 */
export declare const checkHistoryText: (input: HistoryText, required: boolean) => Pick<HistoryChanges, "title" | "description">;
/**
 * The history (spec §2 History, contract §5): anyone reads, newest first, a page at a time; admins
 * publish (multipart with the image), edit and delete.
 *
 * An edit is either JSON `{title?, description?}` (text only) or multipart/form-data with a new
 * `image` and optionally `title` / `description`; a replaced image's file is removed once the
 * entry points at the new one, and a deleted entry takes its image file with it.
 */
declare const historyRoutes: FastifyPluginAsyncTypebox;
export default historyRoutes;
