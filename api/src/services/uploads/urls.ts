/** The addresses clients fetch stored files at, and the file id back from one of them. */
import type { FileRecord } from '../../store/files-repository';

export const fileUrl = (file: Pick<FileRecord, '_id' | 'visibility'>): string =>
  file.visibility === 'public' ? `/api/files/${file._id}` : `/api/files/private/${file._id}`;

const FILE_URL = /^\/api\/files\/(?:private\/)?([a-f0-9]{24})$/;

/** The file id inside one of our file URLs, or null for anything else (empty, external...). */
export const fileIdFromUrl = (url: string | null | undefined): string | null => {
  const match = FILE_URL.exec(url ?? '');
  return match ? match[1]! : null;
};
