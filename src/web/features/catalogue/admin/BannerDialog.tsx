// Add Banner: a title (required) and an image file.
import { bannerForm } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { useAddBanner } from './api.js';
import { TitleImageDialog } from './TitleImageDialog.js';

export function BannerDialog({ onClose }: { onClose(): void }) {
  const add = useAddBanner();
  return (
    <TitleImageDialog
      heading={t.addBanner}
      schema={bannerForm}
      current={null}
      save={(input) => add.mutateAsync(input)}
      onClose={onClose}
    />
  );
}
