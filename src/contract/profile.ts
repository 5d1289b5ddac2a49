// The member profile (/Profiles, the profile screen and its Edit modal).
// Email and mobile are read-only: the update body has no such fields, and unknown fields are
// dropped, so sending them changes nothing.
import { z } from 'zod';
import { imageLimits, roles } from './common.js';
import { imageText, profileText as t, validation } from './messages.js';

export const profileLimits = {
  nameMax: 80,
  aboutMax: 1000,
  genderMax: 30,
  ageMin: 13,
  ageMax: 120,
} as const;

export const memberProfile = z.object({
  _id: z.uuid(),
  /** 'first last'. */
  name: z.string(),
  /** Members who registered with one name field get it split at the first space. */
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Proven by a texted code: only then does it sign in and get texts. */
  phone_verified: z.boolean(),
  country_code: z.string(),
  about: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  /** Public path of the image (`/uploads/profiles/<id>.webp`) or null. */
  image: z.string().nullable(),
  role: z.enum(roles),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberProfileParams = z.object({ userId: z.uuid() });

/** Empty text (or nothing) is stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

/** A form sends '' for an empty number input and digits as text; JSON clients send a number or null. */
const age = z.preprocess(
  (value) => {
    if (value === '' || value === undefined || value === null) return null;
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
    return value;
  },
  z
    .number({ error: t.ageInvalid })
    .int({ error: t.ageInvalid })
    .min(profileLimits.ageMin, { error: t.ageInvalid })
    .max(profileLimits.ageMax, { error: t.ageInvalid })
    .nullable(),
);

export const updateProfileBody = z.object({
  first_name: z
    .string({ error: validation.enterFirstName })
    .trim()
    .min(1, { error: validation.enterFirstName })
    .max(profileLimits.nameMax, { error: t.nameTooLong }),
  last_name: optionalText(profileLimits.nameMax, t.nameTooLong),
  about: optionalText(profileLimits.aboutMax, t.aboutTooLong),
  age,
  gender: optionalText(profileLimits.genderMax, t.genderTooLong),
});
export type UpdateProfileInput = z.input<typeof updateProfileBody>;
export type UpdateProfileBody = z.output<typeof updateProfileBody>;

/** The multipart field of POST /members/profileimage that carries the file. */
export const profileImageField = 'image';

export const profileImageResult = z.object({ image: z.string() });

/** The browser's check before an upload; the server checks the content again. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(imageLimits.types as readonly string[]).includes(file.type)) return imageText.wrongType;
  if (file.size > imageLimits.maxBytes) return imageText.tooLarge;
  return null;
}
