// An admin list's page, search and sort as the URL holds them: read with defaults for what is
// missing or unreadable, written back naming only what differs, the page's other parameters kept.
import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './listParams.js';

const url = (query: string) => new URLSearchParams(query);

describe('readListParams', () => {
  it('reads page, search, sort and order', () => {
    expect(readListParams(url('page=3&q=kitchen+tap&sort=name&order=desc'))).toEqual({
      page: 3,
      q: 'kitchen tap',
      sort: 'name',
      order: 'desc',
    });
  });

  it('gives the defaults for an empty URL: page 1, no search, the server order', () => {
    expect(readListParams(url(''))).toEqual({ page: 1, q: '', sort: undefined, order: undefined });
  });

  it.each([
    ['0', 1],
    ['-4', 1],
    ['abc', 1],
    ['', 1],
    ['2.9', 2],
    ['7abc', 7],
    ['12', 12],
  ])('reads page=%j as page %i', (raw, page) => {
    expect(readListParams(url(`page=${raw}`)).page).toBe(page);
  });

  it('drops an order other than asc or desc, and an empty sort', () => {
    expect(readListParams(url('sort=&order=sideways'))).toMatchObject({ sort: undefined, order: undefined });
    expect(readListParams(url('order=DESC')).order).toBeUndefined();
    expect(readListParams(url('sort=rating&order=asc'))).toMatchObject({ sort: 'rating', order: 'asc' });
  });

  it('keeps the search as typed, decoded', () => {
    expect(readListParams(url('q=%20a%26b%20')).q).toBe(' a&b ');
  });

  it('reads only its own prefixed parameters when a page shows several lists', () => {
    const search = url('page=5&q=mine&bookings.page=2&bookings.q=alice&ratings.sort=rating&ratings.order=desc');
    expect(readListParams(search, 'bookings.')).toEqual({ page: 2, q: 'alice', sort: undefined, order: undefined });
    expect(readListParams(search, 'ratings.')).toEqual({ page: 1, q: '', sort: 'rating', order: 'desc' });
    expect(readListParams(search)).toMatchObject({ page: 5, q: 'mine' });
  });
});

describe('writeListParams', () => {
  it('sets what differs from the defaults', () => {
    expect(writeListParams(url(''), { page: 2, q: 'leak', sort: 'date', order: 'asc' }).toString()).toBe(
      'page=2&q=leak&sort=date&order=asc',
    );
  });

  it('removes a parameter set back to its default (page 1, empty search, no sort)', () => {
    const written = writeListParams(url('page=4&q=old&sort=name&order=desc'), {
      page: 1,
      q: '',
      sort: undefined,
      order: undefined,
    });
    expect(written.toString()).toBe('');
  });

  it('leaves parameters it was not given, and those that are not the list’s', () => {
    // A new search starts at page 1; the sort and the page's own filters (id, status) stay.
    const written = writeListParams(url('id=42&status=open&page=3&q=old&sort=name&order=desc'), { q: 'new', page: 1 });
    expect(Object.fromEntries(written)).toEqual({ id: '42', status: 'open', q: 'new', sort: 'name', order: 'desc' });
  });

  it('does not change the parameters it was given', () => {
    const current = url('page=3');
    writeListParams(current, { page: 4 });
    expect(current.toString()).toBe('page=3');
  });

  it('writes under the prefix, leaving the other list alone', () => {
    const written = writeListParams(url('bookings.page=2&ratings.page=3'), { page: 1, q: 'bob' }, 'ratings.');
    expect(Object.fromEntries(written)).toEqual({ 'bookings.page': '2', 'ratings.q': 'bob' });
  });

  it('reads back what it wrote', () => {
    const params = { page: 6, q: 'a & b = c?', sort: 'createdAt', order: 'desc' } as const;
    expect(readListParams(writeListParams(url('x=1'), params, 'p.'), 'p.')).toEqual(params);
  });
});
