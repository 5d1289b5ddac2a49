// Who the signed-in member is, role included (GET /auth/me): the user menu shows the provider
// portal to providers only. Types only from the contract, so the header's bundle stays small.
import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../../../contract/auth.js';
import { api } from '../../../../contract/paths.js';
import { get } from '../../../lib/api.js';
import { useMemberSession } from '../../../lib/session.js';

export function useMe() {
  const userId = useMemberSession()?.user._id ?? '';
  return useQuery({
    queryKey: ['me', userId],
    queryFn: async ({ signal }) => (await get<Me>(api.me, { signal })).data,
    enabled: userId !== '',
    staleTime: 5 * 60_000,
  });
}
