// The admin's catalogue calls and their hooks: services, banners and offers are
// added as multipart forms with upload progress, deleted with GETs; every change
// refreshes the admin list in place and the customer catalogue this browser may hold.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueFiles } from '../../../../contract/catalogue.js';
import { catalogueAdminEndpoints } from '../../../../contract/endpoints/catalogue.js';
import { api } from '../../../../contract/paths.js';
import { call } from '../../../lib/api.js';
import { upload } from '../../../lib/upload.js';
import { catalogueKeys } from '../api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export type Progress = (fraction: number) => void;

export const adminCatalogueKeys = {
  service: (id: string) => ['admin', 'service', id] as const,
  tradeWords: (id: string) => ['admin', 'tradeWords', id] as const,
};

/** Refreshes a list on screen and whatever else shows the catalogue. */
function useCatalogueChanged() {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return (listPath: string) => {
    void invalidateList(listPath);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'service'] });
  };
}

/** A catalogue change as a mutation: the call, then the list refreshed. */
function useCatalogueMutation<I, T>(listPath: string, mutationFn: (input: I) => Promise<T>) {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn, onSuccess: () => changed(listPath) });
}

// ------------------------------------------------------------ services
export interface ServiceInput {
  title: string;
  image?: File;
  onProgress?: Progress;
}

export const useAddService = () =>
  useCatalogueMutation(
    api.adminServices,
    async ({ title, image, onProgress }: ServiceInput) =>
      (
        await upload(catalogueAdminEndpoints.addService, {
          fields: { title },
          files: { [catalogueFiles.image]: image },
          onProgress,
        })
      ).data,
  );

export const useUpdateService = () =>
  useCatalogueMutation(
    api.adminServices,
    async ({ _id, title, image, onProgress }: ServiceInput & { _id: string }) =>
      (
        await upload(catalogueAdminEndpoints.updateService, {
          fields: { _id, title },
          files: { [catalogueFiles.image]: image },
          onProgress,
        })
      ).data,
  );

export const useDeleteService = () =>
  useCatalogueMutation(api.adminServices, async (id: string) =>
    call(catalogueAdminEndpoints.deleteService, undefined, { params: { id } }),
  );

/** One service for /servicesDetail, archived or not. */
export function useAdminService(id: string) {
  return useQuery({
    queryKey: adminCatalogueKeys.service(id),
    queryFn: async ({ signal }) =>
      (await call(catalogueAdminEndpoints.service, undefined, { params: { id }, signal })).data,
    enabled: id !== '',
    retry: false,
  });
}

// ------------------------------------------------------------ trade words
/** A service's trade words, A to Z. */
export function useTradeWords(id: string) {
  return useQuery({
    queryKey: adminCatalogueKeys.tradeWords(id),
    queryFn: async ({ signal }) =>
      (await call(catalogueAdminEndpoints.tradeWords, undefined, { params: { id }, signal })).data,
  });
}

/** Adds or removes one of a service's trade words; the list is read again after either. */
export function useTradeWordChange(id: string) {
  const queryClient = useQueryClient();
  const params = { id };
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminCatalogueKeys.tradeWords(id) });
  return {
    add: useMutation({
      mutationFn: async (phrase: string) => call(catalogueAdminEndpoints.addTradeWord, { phrase }, { params }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (phrase: string) =>
        call(catalogueAdminEndpoints.removeTradeWord, undefined, { params, query: { phrase } }),
      onSuccess,
    }),
  };
}

// ------------------------------------------------------------ banners
export const useAddBanner = () =>
  useCatalogueMutation(
    api.adminBanners,
    async ({ title, image, onProgress }: ServiceInput) =>
      (
        await upload(catalogueAdminEndpoints.addBanner, {
          fields: { title },
          files: { [catalogueFiles.image]: image },
          onProgress,
        })
      ).data,
  );

export const useDeleteBanner = () =>
  useCatalogueMutation(api.adminBanners, async (id: string) =>
    call(catalogueAdminEndpoints.deleteBanner, undefined, { params: { id } }),
  );

// ------------------------------------------------------------ offers
export interface OfferInput {
  name: string;
  title: string;
  /** Dollars as typed (the server turns them into cents). */
  amount: string;
  offer: string;
  image?: File;
  aboutImage?: File;
  onProgress?: Progress;
}

export const useAddOffer = () =>
  useCatalogueMutation(
    api.adminOffers,
    async ({ image, aboutImage, onProgress, ...fields }: OfferInput) =>
      (
        await upload(catalogueAdminEndpoints.addOffer, {
          fields: { ...fields },
          files: { [catalogueFiles.image]: image, [catalogueFiles.aboutImage]: aboutImage },
          onProgress,
        })
      ).data,
  );

export const useDeleteOffer = () =>
  useCatalogueMutation(api.adminOffers, async (id: string) =>
    call(catalogueAdminEndpoints.deleteOffer, undefined, { params: { id } }),
  );
