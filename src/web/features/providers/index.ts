// What providers offer other features: a provider's page link and details (useProvider), its
// tile, the signed-in member's role (useMe), the portal's query keys and profile, and the admin's contractor dialog.
export { providerPageSize, useProvider } from './api.js';
export { ProviderTile, TileGrid } from './ProviderTile.js';
export { portalKeys, usePortalProfile } from './portal/api.js';
export { useMe } from './portal/useMe.js';
export { VendorDialog } from './admin/VendorDialog.js';
