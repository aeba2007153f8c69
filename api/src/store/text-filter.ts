/** Text typed into a search box matches literally: every regex metacharacter is escaped. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A case-insensitive "contains" filter that NeDB and MongoDB both understand. */
export const containsFilter = (text: string): { $regex: RegExp } => ({ $regex: new RegExp(escapeRegex(text), 'i') });
