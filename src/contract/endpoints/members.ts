// The member's own profile, referral, saved addresses and location (paths/members.ts), typed by the
// schemas of profile.ts, referrals.ts, addresses.ts and places.ts.
import type { z } from 'zod';
import type { SavedAddress, SavedAddressForm } from '../addresses.js';
import { deleting, getting, posting, putting, uploading } from '../endpoint.js';
import { api } from '../paths/members.js';
import type { ChosenLocation, memberLocationBody } from '../places.js';
import type { MemberProfile, profileImageResult, UpdateProfileInput } from '../profile.js';
import type { MyReferral } from '../referrals.js';

export const memberEndpoints = {
  profile: getting<MemberProfile>(api.memberProfile),
  update: posting<UpdateProfileInput, MemberProfile>(api.updateProfile),
  /** A member's or a provider's picture. */
  image: uploading<z.infer<typeof profileImageResult>>(api.profileImage),
  referral: getting<MyReferral>(api.myReferral),
  addresses: getting<SavedAddress[]>(api.savedAddresses),
  addAddress: posting<SavedAddressForm, SavedAddress>(api.savedAddresses),
  removeAddress: deleting<undefined>(api.savedAddress),
  saveLocation: putting<z.input<typeof memberLocationBody>, { location: ChosenLocation | null }>(api.memberLocation),
};
