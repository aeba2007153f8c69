export declare const hashPassword: (password: string) => Promise<string>;
export declare const verifyPassword: (hashed: string, password: string) => Promise<boolean>;
export declare const burnPasswordCheck: (password: string) => Promise<void>;
