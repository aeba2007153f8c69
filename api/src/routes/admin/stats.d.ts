import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Store } from '../../store';
export declare const startOfTodayWib: (now: Date) => Date;
/** Chat messages posted since `since`, counted from the chat's event log (deleted ones included). */
export declare const countMessagesSince: (store: Store, since: Date) => Promise<number>;
/** The admin dashboard's numbers (issue 3 /dashboard). */
declare const statsRoutes: FastifyPluginAsyncTypebox;
export default statsRoutes;
