// Choosing where to look for providers (the header, the home hero, /Search, /Services_booking). Ours.

export const placesText = {
  chooseLocation: 'Choose your location',
  locationLabel: 'Location',
  /** The header's and the pages' location button once a location is chosen. */
  locationIs: (label: string) => `Location: ${label}`,
  dialogTitle: 'Where do you need the service?',
  cities: 'Cities we serve',
  searchPlace: 'Address or ZIP code',
  searchPlaceHint: 'Type at least 2 characters of a street, area or ZIP code.',
  noPlaces: 'No place in Austin, Dallas or New York City matches.',
  places: 'Places',
  searchingPlaces: 'Looking for places…',
  useMyLocation: 'Use my location',
  locating: 'Finding your location…',
  myLocation: 'My location',
  geolocationDenied:
    'We could not use your location because the permission was refused. Choose a city or type an address instead.',
  geolocationUnavailable: 'Your location is not available right now. Choose a city or type an address instead.',
  clearLocation: 'Anywhere',
  locationSaved: 'Location saved',
  // Server answers
  pointInvalid: 'Please send a valid latitude and longitude.',
  labelRequired: 'Please name the location.',
  labelTooLong: 'The location name can have at most 200 characters.',
  queryTooLong: 'The place search can have at most 100 characters.',
  tooManyLocationChanges: 'You changed your location too often. Please try again in a while.',
} as const;
