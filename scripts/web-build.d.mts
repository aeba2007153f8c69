export declare const WEB_SOURCES: readonly string[];
export declare const newestModification: (entries: readonly string[]) => number;
export declare const SERVER_ENTRY: string;
export declare const webBuildState: (root: string, webDist: string) => 'missing' | 'stale' | 'fresh';
export declare const webBuilder: (root: string) => string;
export declare const buildWeb: (root: string, webDist: string, options?: { quiet?: boolean }) => number;
