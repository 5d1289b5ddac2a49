// Member status from the admin lists: POST /v1/services/updateUserStatus ('0' Deactive, '1' Active).
import { useMutation } from '@tanstack/react-query';
import { walletAdminEndpoints } from '../../../../contract/endpoints/wallet.js';
import { call } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export function useUpdateStatus(listPath: string) {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (input: { _id: string; status: '0' | '1' }) => call(walletAdminEndpoints.setStatus, input),
    onSuccess: () => invalidate(listPath),
  });
}
