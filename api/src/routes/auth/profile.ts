import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isCountry } from '@le/contracts';
import {
  ConfirmEmailChangeBody,
  ConfirmEmailChangeResponse,
  ErrorResponse,
  PaymentListResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
  UploadPhotoResponse,
} from '@le/contracts/schemas';
import { badRequest, conflict } from '../../lib/http-error';
import { toPublicUser } from '../../lib/public-user';
import { toPaymentView } from '../../services/memberships';
import { receiveImage, removeStoredFile, UPLOAD_ERRORS } from '../../services/uploads';
import { DuplicateKeyError, type FileKind, type FileVisibility, type UserRecord } from '../../store';
import type { UserChanges } from '../../store/users-repository';
import { perIp } from './limits';

export const PROFILE_UPDATED = 'Profile updated successfully!';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };

const takenError = (error: unknown): never => {
  if (error instanceof DuplicateKeyError) {
    throw conflict(
      error.field === 'usernameLower' ? 'This username is already taken.' : 'This email is already registered.',
      error.field === 'usernameLower' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN',
    );
  }
  throw error;
};

export const UPLOAD_SUCCESS = 'Image successfully uploaded and updated!';

interface PhotoSlot {
  path: string;
  /** The multipart field of spec §7, also the user field it fills. */
  field: 'photo_profile' | 'image_identitas';
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
  const { codes } = app;
  const { users } = app.store;

  /**
   * PUT /auth/update-profile: every field sent is changed at once except the email. A different
   * email gets a 6-digit code mailed to the NEW address and replaces the old one only after
   * POST /auth/confirm-email-change {code}; until then sign-in and mail use the old address.
   * Sending the current email again cancels a waiting change. Taken username or email → 409.
   */
  app.put(
    '/update-profile',
    { config: perIp(30, 10), schema: { body: UpdateProfileBody, response: { 200: UpdateProfileResponse, ...errors } } },
    async (request) => {
      const user = request.auth!.user;
      const body = request.body;
      const changes: UserChanges = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.username !== undefined) changes.username = body.username;
      if (body.no_telp !== undefined) changes.no_telp = body.no_telp.trim();
      if (body.city !== undefined) changes.city = body.city.trim();
      if (body.address !== undefined) changes.address = body.address.trim();
      if (body.country !== undefined) {
        const country = body.country.trim();
        if (country !== '' && !isCountry(country)) throw badRequest('Choose a country from the list, or none.', 'BAD_COUNTRY');
        changes.country = country;
      }

      // Checked before any code is mailed; the unique index still decides a race (takenError).
      if (changes.username !== undefined && changes.username.toLowerCase() !== user.usernameLower) {
        const owner = await users.findByLogin(changes.username);
        if (owner && owner._id !== user._id) throw conflict('This username is already taken.', 'USERNAME_TAKEN');
      }

      let pendingEmail: string | null = null;
      if (body.email !== undefined) {
        const email = body.email.trim();
        if (email.toLowerCase() === user.email.toLowerCase()) {
          if (email !== user.email) changes.email = email; // only the letter case changes: nothing to prove
          if (user.pendingEmail) changes.pendingEmail = null;
        } else {
          const owner = await users.findByEmail(email);
          if (owner && owner._id !== user._id) throw conflict('This email is already registered.', 'EMAIL_TAKEN');
          const sameAsWaiting = user.pendingEmail?.toLowerCase() === email.toLowerCase();
          const wait = await codes.cooldownSeconds(user, 'email-change');
          if (!(sameAsWaiting && wait > 0)) {
            await codes.resend({ ...user, email }, 'email-change');
          }
          changes.pendingEmail = email;
          pendingEmail = email;
        }
      }

      let updated: UserRecord | null = user;
      if (Object.keys(changes).length > 0) {
        updated = await users.update(user._id, changes).catch(takenError);
      }
      if (!updated) throw badRequest('Your account was not found.');
      return {
        user: toPublicUser(updated),
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
      const user = request.auth!.user;
      if (!user.pendingEmail) throw badRequest('There is no email change waiting for a code.', 'NO_EMAIL_CHANGE');
      await codes.consume(user, 'email-change', request.body.code);
      const updated = await users.update(user._id, { email: user.pendingEmail, pendingEmail: null }).catch(takenError);
      if (!updated) throw badRequest('Your account was not found.');
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
        schema: { consumes: ['multipart/form-data'], response: { 200: UploadPhotoResponse, ...UPLOAD_ERRORS } },
      },
      async (request) => {
        const user = request.auth!.user;
        const { url, file } = await receiveImage(app, request, {
          fileField: slot.field,
          ownerId: user._id,
          visibility: slot.visibility,
          kind: slot.kind,
          maxDimension: slot.maxDimension,
        });
        const updated = await app.store.users.update(user._id, { [slot.field]: url });
        if (!updated) {
          await removeStoredFile(app, file._id);
          throw new Error('the signed-in user vanished during an upload');
        }
        // The replaced photo is not referenced any more: remove it rather than keep it forever.
        if (user[slot.field] && user[slot.field] !== url) await removeStoredFile(app, user[slot.field]);
        return { file: url, message: UPLOAD_SUCCESS, user: toPublicUser(updated) };
      },
    );
  }
};

export default profileRoutes;
