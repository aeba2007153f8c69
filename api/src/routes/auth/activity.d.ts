import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
export declare const LogActivityBody: Type.TObject<{
    ipAddress: Type.TString;
    username: Type.TOptional<Type.TString>;
    role: Type.TOptional<Type.TString>;
    page: Type.TString;
    message: Type.TString;
}>;
export declare const ActivityLogEntrySchema: Type.TObject<{
    _id: Type.TString;
    username: Type.TString;
    role: Type.TString;
    ipAddress: Type.TString;
    serverIp: Type.TString;
    page: Type.TString;
    message: Type.TString;
    createdAt: Type.TString;
}>;
export declare const ActivityListQuery: Type.TObject<{
    user: Type.TOptional<Type.TString>;
    page: Type.TOptional<Type.TString>;
    before: Type.TOptional<Type.TString>;
    limit: Type.TOptional<Type.TInteger>;
}>;
/**
 * The activity log (spec §2, §7): any visitor reports page visits (signed in or not); admins read
 * the log newest first, a page at a time, filtered by user and page.
 */
declare const activityRoutes: FastifyPluginAsyncTypebox;
export default activityRoutes;
