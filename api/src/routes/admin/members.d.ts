import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export declare const MANAGE_MEMBERSHIP_PAGE = "/manage-membership";
/** The admin's member list and edits (issue 3: search, filters, tier / end date / role). */
declare const memberRoutes: FastifyPluginAsyncTypebox;
export default memberRoutes;
