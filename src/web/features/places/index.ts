// What places offer other features: the location button (with its dialog), the chosen location
// and its place in a discovery page's URL, the member's saved location, and a city's name and pin.
export { LocationButton } from './LocationButton.js';
export { PinIcon } from './PinIcon.js';
export {
  cityLabel,
  sameArea,
  searchAreaFromParams,
  searchAreaOf,
  servedCityNames,
  useChosenLocation,
  useLocationChoices,
  withSearchArea,
  type SearchArea,
} from './location.js';
export { useMemberLocationSync } from './useMemberLocationSync.js';
