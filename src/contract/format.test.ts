// Distances are stored in km and read in miles: the conversions are exact and round-trip.
import { describe, expect, it } from 'vitest';
import { distanceLimits } from './providers.js';
import { distance, kmPerMile, radius, radiusInUnit, radiusToKm } from './format.js';

describe('distances in miles', () => {
  it('writes a measured distance with one decimal', () => {
    expect(distance(kmPerMile)).toBe('1.0 mi');
    expect(distance(3.4)).toBe('2.1 mi');
    expect(distance(3.4, 'km')).toBe('3.4 km');
  });

  it('writes a stored radius as whole miles', () => {
    expect(radius(25)).toBe('16 mi');
    expect(radius(80)).toBe('50 mi');
    expect(radius(2)).toBe('1 mi');
  });

  it('stores every whole mile a provider may type so that it reads back the same', () => {
    for (let miles = 1; miles <= 50; miles++) {
      const km = radiusToKm(miles);
      expect(Number.isInteger(km)).toBe(true);
      expect(radiusInUnit(km)).toBe(miles);
    }
    expect(radiusToKm(1)).toBe(2);
    expect(radiusToKm(50)).toBe(80);
  });

  it('offers search radii that read as whole miles', () => {
    expect(distanceLimits.choicesKm.map((km) => radius(km))).toEqual(['5 mi', '10 mi', '25 mi']);
  });
});
