// The member's profile and referral, and the admin's member lists. Web routes and API paths (relative to `/v1`).

export const routes = {
  profiles: '/Profiles',
  myProfile: '/my-profile',
  userListing: '/userlisting',
  referral: '/referral',
} as const;

export const api = {
  memberProfile: '/members/getmemberlisting/:userId',
  updateProfile: '/members/updateprofile',
  profileImage: '/members/profileimage',
  myReferral: '/members/referral',
  memberLocation: '/members/location',
  /** The caller's saved addresses: GET lists, POST adds; DELETE `/members/addresses/:id`. */
  savedAddresses: '/members/addresses',
  savedAddress: '/members/addresses/:id',
  /** Admin lists (paths of our own); each has `<path>/export` as well. */
  adminUsers: '/admin/users',
  adminReferralListing: '/transaction/adminReferralListing',
} as const;
