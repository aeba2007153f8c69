import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { User } from '@le/contracts/schemas';
import { Type } from 'typebox';
import { toPublicUser } from '../../lib/public-user';
import { receiveImage, removeStoredFile, UPLOAD_ERRORS } from '../../services/uploads';
import type { FileKind, FileVisibility } from '../../store';
import { perIp } from './limits';

export const UPLOAD_SUCCESS = 'Image successfully uploaded and updated!';

const UploadResponse = Type.Object({ file: Type.String(), message: Type.String(), user: User });

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

/** The signed-in user's own profile: the two photos and (see profile-update) the fields. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  for (const slot of SLOTS) {
    app.post(
      slot.path,
      {
        config: perIp(30, 10),
        schema: { consumes: ['multipart/form-data'], response: { 200: UploadResponse, ...UPLOAD_ERRORS } },
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
