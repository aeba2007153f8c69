/** Ids are strings (contract §3): 24 hex characters, like a MongoDB ObjectId's text form. */
export declare const newId: () => string;
