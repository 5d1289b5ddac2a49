// The member profile (GET /members/getmemberlisting/{userId}, the old app's
// path; the update, image and location calls are ours). A member reads and changes only their own
// profile.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../contract/common.js';
import { imageText, placesText, profileText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { chosenLocation, memberLocationBody } from '../../../contract/places.js';
import {
  memberProfile,
  memberProfileParams,
  profileImageField,
  profileImageResult,
  updateProfileBody,
} from '../../../contract/profile.js';
import { badRequest } from '../../errors.js';
import { storeImage } from '../../platform/images.js';
import { releaseImages } from '../../platform/media.js';
import { assertSelf, caller, requireMember } from '../auth/auth.guard.js';
import * as members from './members.service.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';

const tags = ['members'];
const security = [{ bearer: [] }];
const profileImageBody = z
  .object({
    [profileImageField]: z
      .unknown()
      .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' }),
  })
  .nullish();
const memberLocation = ok(z.object({ location: chosenLocation.nullable() }));

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.memberProfile,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: "A member's own profile; another member's id is refused with 403",
        params: memberProfileParams,
        response: { 200: ok(memberProfile) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return { status: 1 as const, data: await members.getProfile(db(), request.params.userId) };
    },
  );

  app.post(
    api.updateProfile,
    {
      config: { limits: [perMember('profile', 30, '1 hour')] },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          "Change the caller's first and last name, about, age and gender; email and mobile are read-only (other fields are ignored)",
        body: updateProfileBody,
        response: { 200: ok(memberProfile) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: profileText.updated,
      data: await members.updateProfile(db(), caller(request).id, request.body),
    }),
  );

  app.post(
    api.profileImage,
    {
      config: { limits: [perMember('uploads', 20, '1 hour'), perAddress('uploads', 60, '1 hour')] },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: `Set the caller's profile image: multipart/form-data with the file in the field "${profileImageField}"; JPEG, PNG or WebP by content, at most 5 MB (413) and 8000 px a side (422); stored re-encoded as WebP`,
        consumes: ['multipart/form-data'],
        // For the OpenAPI document only: the multipart parser leaves the body empty and the
        // handler reads the file itself.
        body: profileImageBody,
        response: { 200: ok(profileImageResult) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(imageText.notMultipart);
      const file = await request.file();
      if (!file) throw badRequest(imageText.missing);
      if (file.fieldname !== profileImageField) {
        file.file.resume();
        throw badRequest(imageText.missing, { [profileImageField]: imageText.missing });
      }
      const image = await storeImage(app.deps.storage, file, 'profiles');
      const { replacedImage } = await members.setProfileImage(db(), caller(request).id, image);
      // After the commit: the previous picture goes unless another row still shows it.
      await releaseImages({ db: db(), storage: app.deps.storage, log: request.log }, [replacedImage]);
      return { status: 1 as const, message: imageText.updated, data: { image } };
    },
  );

  app.put(
    api.memberLocation,
    {
      config: { limits: [perMember('location', 60, '1 hour', { message: placesText.tooManyLocationChanges })] },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary:
          "Keep where the caller looks for providers (a served city, a place or the browser's position), or forget it with null; GET /auth/me answers it",
        body: memberLocationBody,
        response: { 200: memberLocation },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: placesText.locationSaved,
      data: await members.setLocation(db(), caller(request).id, request.body.location),
    }),
  );
};
