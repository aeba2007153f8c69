import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmEmailChangeBody,
  ConfirmEmailChangeResponse,
  PaymentListResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  UploadPhotoResponse,
} from '@le/contracts/schemas';
import { toPublicUser } from '../../lib/public-user';
import type { PhotoSlot as AccountPhotoSlot } from '../../services/accounts';
import { toPaymentView } from '../../services/memberships';
import { UPLOAD_ERRORS } from '../../services/uploads';
import type { FileKind, FileVisibility } from '../../store';
import { perIp } from './limits';
import { errorResponses } from '../responses';

export const PROFILE_UPDATED = 'Profile updated successfully!';
const errors = errorResponses(400, 401, 409, 429);

export const UPLOAD_SUCCESS = 'Image successfully uploaded and updated!';

interface PhotoSlot {
  path: string;
  /** The multipart field of spec §7, also the user field it fills. */
  field: AccountPhotoSlot;
  visibility: FileVisibility;
  kind: FileKind;
  maxDimension: number;
}

const SLOTS: PhotoSlot[] = [
  // Profile photos are shown to everybody next to chat messages: public, small.
  { path: '/upload-profile', field: 'photo_profile', visibility: 'public', kind: 'profile', maxDimension: 1_024 },
  // Identity photos are for the admins' eyes only (contract §5).
  { path: '/upload-identitas', field: 'image_identitas', visibility: 'private', kind: 'identity', maxDimension: 2_560 },
];

/**
 * The signed-in user's own profile: the fields, a changed email (confirmed by a code sent to the
 * new address), the two photos, and the payment history.
 */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /**
   * PUT /auth/update-profile: every field sent is changed at once except the email, which waits
   * for POST /auth/confirm-email-change {code} (see `accounts.updateProfile`). Taken → 409.
   */
  app.put(
    '/update-profile',
    { config: perIp(30, 10), schema: { body: UpdateProfileBody, response: { 200: UpdateProfileResponse, ...errors } } },
    async (request) => {
      const { user, pendingEmail } = await app.accounts.updateProfile(request.auth!.user, request.body);
      return {
        user: toPublicUser(user),
        message: pendingEmail
          ? `${PROFILE_UPDATED} We sent a 6-digit code to ${pendingEmail}; enter it to confirm the new email.`
          : PROFILE_UPDATED,
        ...(pendingEmail ? { pendingEmail } : {}),
      };
    },
  );

  /** POST /auth/confirm-email-change {code}: the code mailed to the new address makes it the account's email. */
  app.post(
    '/confirm-email-change',
    { config: perIp(30, 10), schema: { body: ConfirmEmailChangeBody, response: { 200: ConfirmEmailChangeResponse, ...errors } } },
    async (request) => {
      const updated = await app.accounts.confirmEmailChange(request.auth!.user, request.body.code);
      return { user: toPublicUser(updated), message: 'Your email address has been changed.' };
    },
  );

  /** GET /auth/payment-history: the caller's payments, newest first (contract §4). */
  app.get('/payment-history', { schema: { response: { 200: PaymentListResponse, ...errors } } }, async (request) => {
    const payments = await app.store.payments.listByUser(request.auth!.user._id);
    return { payments: payments.map(toPaymentView) };
  });

  for (const slot of SLOTS) {
    app.post(
      slot.path,
      {
        config: perIp(30, 10),
        schema: { consumes: ['multipart/form-data'], multipartForm: { fileField: slot.field }, response: { 200: UploadPhotoResponse, ...UPLOAD_ERRORS } },
      },
      async (request) => {
        const user = request.auth!.user;
        const { url, file } = await app.uploads.receive(request, {
          fileField: slot.field,
          ownerId: user._id,
          visibility: slot.visibility,
          kind: slot.kind,
          maxDimension: slot.maxDimension,
        });
        const updated = await app.accounts.replacePhoto(user, slot.field, url, file._id);
        return { file: url, message: UPLOAD_SUCCESS, user: toPublicUser(updated) };
      },
    );
  }
};

export default profileRoutes;
