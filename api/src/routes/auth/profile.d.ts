import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export declare const PROFILE_UPDATED = "Profile updated successfully!";
export declare const UPLOAD_SUCCESS = "Image successfully uploaded and updated!";
/**
 * The signed-in user's own profile: the fields, a changed email (confirmed by a code sent to the
 * new address), the two photos, and the payment history.
 */
declare const profileRoutes: FastifyPluginAsyncTypebox;
export default profileRoutes;
