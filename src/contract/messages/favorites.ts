// Favourite providers.

/** /Favorites and the favourite calls (our wording where none is fixed). */
export const favoriteText = {
  heading: 'Favorites',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from favorites`,
  removed: 'Removed from favorites',
  none: 'You have no favourite providers yet. Open a provider and tap the heart to keep them here.',
  findProviders: 'Find a provider',
  // Server answers
  likedByInvalid: 'Please send a valid liked_by id.',
  likedToInvalid: 'Please send a valid liked_to id.',
  favoriteIdInvalid: 'Please send a valid favourite id.',
  notYourself: 'You cannot add yourself as a favourite.',
  providerNotFound: 'This provider was not found.',
  favoriteNotFound: 'This favourite was not found.',
} as const;
