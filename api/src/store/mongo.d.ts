import { type StoreDriver } from './collection';
/** MongoDB through the official driver; the database is the one named in the URL. */
export declare const createMongoDriver: (url: string) => Promise<StoreDriver>;
