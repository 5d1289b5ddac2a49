// Add Service and Edit: a title (required) and an image file; the image is required to add and
// optional to edit (the current one stays).
import { serviceForm, type AdminService } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { useAddService, useUpdateService } from './api.js';
import { TitleImageDialog } from './TitleImageDialog.js';

export function ServiceDialog({ service, onClose }: { service: AdminService | null; onClose(): void }) {
  const add = useAddService();
  const update = useUpdateService();
  return (
    <TitleImageDialog
      heading={service ? t.editService : t.addService}
      schema={serviceForm}
      current={service}
      save={(input) => (service ? update.mutateAsync({ ...input, _id: service._id }) : add.mutateAsync(input))}
      onClose={onClose}
    />
  );
}
