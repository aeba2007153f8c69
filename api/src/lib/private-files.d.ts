/**
 * DATA_DIR itself becomes owner-only at once (then no other user can reach anything inside it);
 * `makeTreePrivate` then takes the bits off what an earlier build wrote inside it.
 */
export declare const makeDirPrivate: (dir: string) => void;
/** Walks the tree and clears group/other bits where they are set; symbolic links are left alone. */
export declare const makeTreePrivate: (dir: string) => Promise<number>;
