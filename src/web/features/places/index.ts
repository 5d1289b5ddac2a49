// What places offer other features: the location button (with its dialog), the chosen location
// and its place in a discovery page's URL, and the member's saved location.
export { LocationButton } from './LocationButton.js';
export {
  sameArea,
  searchAreaFromParams,
  searchAreaOf,
  useChosenLocation,
  useLocationChoices,
  withSearchArea,
  type SearchArea,
} from './location.js';
export { useMemberLocationSync } from './useMemberLocationSync.js';
