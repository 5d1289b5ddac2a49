// The discovery pages' filters as their URL holds them, and the cards' next free slot in words.
import { describe, expect, it, vi } from 'vitest';
import { activeFilters, discoveryQuery, readDiscovery, readSlot, slotLabel, withSlotBooking } from './discovery.js';

// The modules behind the area (places, the session) listen to `storage` events on window.
vi.hoisted(() => {
  vi.stubGlobal('window', { addEventListener: () => undefined });
});

const url = (query: string) => new URLSearchParams(query);

describe('readDiscovery', () => {
  it('reads every filter a shared link can carry', () => {
    const d = readDiscovery(
      url(
        'q=plumer&category=4f1c2a8e-1b2c-4d3e-8f90-123456789abc&city=dallas&radiusKm=16&minPrice=10&maxPrice=60&minRating=4&date=2026-03-02&sort=price',
      ),
    );
    expect(d).toEqual({
      text: 'plumer',
      category: '4f1c2a8e-1b2c-4d3e-8f90-123456789abc',
      area: { city: 'dallas', label: 'Dallas' },
      radiusKm: 16,
      minPrice: 10,
      maxPrice: 60,
      priceClash: false,
      minRating: 4,
      date: '2026-03-02',
      sort: 'price',
    });
    expect(discoveryQuery(d, true)).toEqual({
      text: 'plumer',
      category: '4f1c2a8e-1b2c-4d3e-8f90-123456789abc',
      city: 'dallas',
      lat: undefined,
      lng: undefined,
      radiusKm: 16,
      minPrice: 10,
      maxPrice: 60,
      minRating: 4,
      date: '2026-03-02',
      sort: 'price',
    });
    expect(activeFilters(d, true)).toBe(6);
    // The providers of a service have their category in the path.
    expect(discoveryQuery(d, false).category).toBeUndefined();
    expect(activeFilters(d, false)).toBe(5);
  });

  it('measures from a point with its label', () => {
    const d = readDiscovery(url('lat=32.78&lng=-96.8&near=My+location&sort=distance&radiusKm=8'));
    expect(d.area).toEqual({ lat: 32.78, lng: -96.8, label: 'My location' });
    expect(discoveryQuery(d, false)).toMatchObject({
      lat: 32.78,
      lng: -96.8,
      city: undefined,
      radiusKm: 8,
      sort: 'distance',
    });
  });

  it('leaves out a distance and the distance order without a location', () => {
    const d = readDiscovery(url('radiusKm=16&sort=distance'));
    expect(d.area).toBeNull();
    expect(d.radiusKm).toBeNull();
    expect(d.sort).toBeNull();
  });

  it.each([
    ['city=paris', 'area', null],
    ['lat=95&lng=10', 'area', null],
    ['lat=30', 'area', null],
    ['city=austin&radiusKm=33', 'radiusKm', null],
    ['minRating=2', 'minRating', null],
    ['minRating=4.5', 'minRating', 4.5],
    ['minPrice=-5', 'minPrice', null],
    ['maxPrice=abc', 'maxPrice', null],
    ['date=2026-02-30', 'date', null],
    ['date=tomorrow', 'date', null],
    ['sort=cheapest', 'sort', null],
    ['category=plumbing', 'category', null],
  ] as const)('reads %s leniently: %s is %j', (query, key, value) => {
    expect(readDiscovery(url(query))[key]).toEqual(value);
  });

  it('applies no price while the lowest is above the highest', () => {
    const d = readDiscovery(url('minPrice=80&maxPrice=20'));
    expect(d).toMatchObject({ minPrice: null, maxPrice: null, priceClash: true });
    expect(discoveryQuery(d, true)).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(activeFilters(d, true)).toBe(1);
  });
});

describe('slotLabel', () => {
  // Thursday 27 November 2025, 8:30 in the morning, local time.
  const now = new Date(2025, 10, 27, 8, 30);

  it.each([
    [{ date: '2025-11-27', time: '15:00' }, 'Today 3:00 PM'],
    [{ date: '2025-11-28', time: '10:00' }, 'Tomorrow 10:00 AM'],
    [{ date: '2025-11-29', time: '09:00' }, 'Sat, Nov 29, 9:00 AM'],
    [{ date: '2025-12-05', time: '12:30' }, 'Fri, Dec 5, 12:30 PM'],
  ])('names %j as %s', (slot, label) => {
    expect(slotLabel(slot, now)).toBe(label);
  });

  it('says Tomorrow across the end of a month and a year', () => {
    expect(slotLabel({ date: '2026-01-01', time: '08:00' }, new Date(2025, 11, 31, 22, 0))).toBe('Tomorrow 8:00 AM');
  });
});

describe('the slot in the URL', () => {
  it('keeps the page and its filters, and reads back', () => {
    const params = withSlotBooking(url('q=plumer&city=dallas&maxPrice=60'), 'p-1', {
      date: '2025-11-28',
      time: '10:00',
    });
    expect(params.toString()).toBe('q=plumer&city=dallas&maxPrice=60&provider=p-1&slot=2025-11-28T10%3A00');
    expect(readSlot(params)).toEqual({ date: '2025-11-28', time: '10:00' });
  });

  it.each(['2025-11-28', '2025-11-28T10', '2025-13-01T10:00', 'soon'])('reads slot=%s as none', (slot) => {
    expect(readSlot(url(`slot=${slot}`))).toBeNull();
  });
});
