// Who is signed in, kept in the browser: the member session (phone or email sign-in) and the admin
// session live apart, so an admin can test the customer side in the same browser.
import { useSyncExternalStore } from 'react';

export interface MemberSession {
  token: string;
  user: { _id: string; name: string };
}
export interface AdminSession {
  token: string;
  email: string;
}

const keys = { member: 'doorstep.member', admin: 'doorstep.admin' } as const;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: unknown }>();

/** False while the server renders a page: no storage there, so nobody is signed in. */
const inBrowser = typeof window !== 'undefined';

function read<T>(key: string): T | null {
  if (!inBrowser) return null;
  // Admin sessions without remember-me live in sessionStorage.
  const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key);
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.value as T | null;
  let value: T | null = null;
  try {
    value = raw ? (JSON.parse(raw) as T) : null;
  } catch {
    value = null;
  }
  cache.set(key, { raw, value });
  return value;
}

function emit() {
  for (const listener of listeners) listener();
}

if (inBrowser) window.addEventListener('storage', emit);

export const session = {
  member: () => read<MemberSession>(keys.member),
  admin: () => read<AdminSession>(keys.admin),
  token: (scope: 'member' | 'admin') => (scope === 'admin' ? session.admin()?.token : session.member()?.token),
  setMember(value: MemberSession) {
    localStorage.setItem(keys.member, JSON.stringify(value));
    emit();
  },
  setAdmin(value: AdminSession, remember: boolean) {
    sessionStorage.removeItem(keys.admin);
    localStorage.removeItem(keys.admin);
    (remember ? localStorage : sessionStorage).setItem(keys.admin, JSON.stringify(value));
    emit();
  },
  clear(scope: 'member' | 'admin') {
    localStorage.removeItem(keys[scope]);
    sessionStorage.removeItem(keys[scope]);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// A page drawn on the server is drawn for nobody; hydration starts from the same (nobody), then
// takes up the stored session.
const nobody = () => null;
export const useMemberSession = () => useSyncExternalStore(session.subscribe, session.member, nobody);
export const useAdminSession = () => useSyncExternalStore(session.subscribe, session.admin, nobody);

/** The member of a page that only signed-in members reach (behind RequireMember). */
export function useSignedInMember() {
  const member = useMemberSession();
  if (!member) throw new Error('A members-only page rendered without a member session.');
  return member;
}
