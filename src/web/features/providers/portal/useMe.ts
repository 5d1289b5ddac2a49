// Who the signed-in member is, role included (GET /auth/me): the user menu shows the provider
// portal to providers only. Only strings and types from the contract (no zod), so the header's
// bundle stays small.
import { useQuery } from '@tanstack/react-query';
import { authEndpoints } from '../../../../contract/endpoints/auth.js';
import { call } from '../../../lib/api.js';
import { useMemberSession } from '../../../lib/session.js';

export function useMe() {
  const userId = useMemberSession()?.user._id ?? '';
  return useQuery({
    queryKey: ['me', userId],
    queryFn: async ({ signal }) => (await call(authEndpoints.me, undefined, { signal })).data,
    enabled: userId !== '',
    staleTime: 5 * 60_000,
  });
}
