/** Text typed into a search box matches literally: every regex metacharacter is escaped. */
export declare const escapeRegex: (text: string) => string;
/** A case-insensitive "contains" filter that NeDB and MongoDB both understand. */
export declare const containsFilter: (text: string) => {
    $regex: RegExp;
};
