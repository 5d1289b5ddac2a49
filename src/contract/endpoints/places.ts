// The location chooser's place search (paths/bookings.ts), typed by the schemas of places.ts.
import type { FoundPlace } from '../places.js';
import { getting } from '../endpoint.js';
import { api } from '../paths/bookings.js';

export const placeEndpoints = {
  search: getting<FoundPlace[]>(api.placesSearch),
};
