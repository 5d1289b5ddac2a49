// The member's own profile: read it, update the text fields, upload the image. A change refreshes
// the cached profile and the name the header shows (kept in the stored member session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddressForm } from '../../../contract/addresses.js';
import type { ContactChange } from '../../../contract/auth.js';
import { contactEndpoints } from '../../../contract/endpoints/auth.js';
import { memberEndpoints } from '../../../contract/endpoints/members.js';
import { profileImageField, type MemberProfile, type UpdateProfileBody } from '../../../contract/profile.js';
import { call } from '../../lib/api.js';
import { session, useMemberSession } from '../../lib/session.js';
import { upload } from '../../lib/upload.js';

export const profileKeys = {
  all: ['profile'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};

export async function fetchProfile(userId: string, signal?: AbortSignal): Promise<MemberProfile> {
  return (await call(memberEndpoints.profile, undefined, { params: { userId }, signal })).data;
}

/** The signed-in member's profile (pages under RequireMember always have a member). */
export function useMyProfile() {
  const userId = useMemberSession()?.user._id ?? '';
  return useQuery({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => fetchProfile(userId, signal),
    enabled: userId !== '',
  });
}

/** The header's user menu shows the stored session's name: keep it in step with the profile. */
function rememberName(name: string) {
  const current = session.member();
  if (current && current.user.name !== name) session.setMember({ ...current, user: { ...current.user, name } });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => (await call(memberEndpoints.update, body)).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(profile._id), profile);
      rememberName(profile.name);
      // Anything else that shows the member (the header, provider cards) reads fresh data.
      void queryClient.invalidateQueries();
    },
  });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      (await upload(memberEndpoints.image, { files: { [profileImageField]: file }, onProgress })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

// GET /members/referral: the member's referral code and how many joined with it.
export function useMyReferral() {
  const userId = useMemberSession()?.user._id ?? '';
  return useQuery({
    queryKey: [...profileKeys.all, 'referral', userId],
    queryFn: async ({ signal }) => (await call(memberEndpoints.referral, undefined, { signal })).data,
    enabled: userId !== '',
  });
}

// POST /auth/phone/send-code, then /auth/phone/verify { otp }: an email account proves its phone.
export function useSendPhoneProof() {
  return useMutation({ mutationFn: () => call(contactEndpoints.sendPhoneCode) });
}

export function useProvePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => call(contactEndpoints.provePhone, { otp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

// POST /auth/contact/change { kind, value }, then /auth/contact/confirm { kind, code }: the new
// phone or email replaces the old once its code is entered.
export function useChangeContact() {
  return useMutation({ mutationFn: (body: ContactChange) => call(contactEndpoints.change, body) });
}

export function useConfirmContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: ContactChange['kind']; code: string }) => call(contactEndpoints.confirm, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

// GET and POST /members/addresses, DELETE /members/addresses/:id: the member's saved addresses.
export const savedAddressKeys = {
  all: [...profileKeys.all, 'addresses'] as const,
  mine: (userId: string) => [...savedAddressKeys.all, userId] as const,
};

export function useSavedAddresses() {
  const userId = useMemberSession()?.user._id ?? '';
  return useQuery({
    queryKey: savedAddressKeys.mine(userId),
    queryFn: async ({ signal }) => (await call(memberEndpoints.addresses, undefined, { signal })).data,
    enabled: userId !== '',
  });
}

export function useAddSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedAddressForm) => call(memberEndpoints.addAddress, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}

export function useDeleteSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(memberEndpoints.removeAddress, undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
