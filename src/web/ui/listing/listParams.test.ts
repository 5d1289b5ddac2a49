// An admin list's page, search, sort and status as the URL holds them: read with defaults for what
// is missing or unreadable, written back naming only what differs, the page's other parameters kept.
import { describe, expect, it } from 'vitest';
import { readListParams, readStatusParam, writeListParams, writeStatusParam } from './listParams.js';

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

describe('readStatusParam', () => {
  const statuses = ['pending', 'resolved'] as const;

  it('reads a status of the list, under `status` unless the list names its own key', () => {
    expect(readStatusParam(url('status=resolved'), statuses)).toBe('resolved');
    const search = url('id=7&transactionStatus=3&ticketStatus=pending');
    expect(readStatusParam(search, statuses, 'ticketStatus')).toBe('pending');
    expect(readStatusParam(search, ['0', '1', '-1', '3'], 'transactionStatus')).toBe('3');
    expect(readStatusParam(search, statuses)).toBeNull();
  });

  it('reads a missing, empty or unknown status as every status', () => {
    for (const query of ['', 'status=', 'status=open', 'status=Resolved', 'ticketStatus=resolved'])
      expect(readStatusParam(url(query), statuses), query).toBeNull();
  });
});

describe('writeStatusParam', () => {
  it('sets the status and goes back to the first page', () => {
    expect(Object.fromEntries(writeStatusParam(url('id=7&page=3&q=tap'), 'resolved'))).toEqual({
      id: '7',
      q: 'tap',
      status: 'resolved',
    });
  });

  it('removes the status for every status', () => {
    expect(writeStatusParam(url('status=resolved&page=2'), '').toString()).toBe('');
  });

  it('writes under the list’s own key, leaving the other list’s status and page alone', () => {
    const current = url('id=7&page=4&transactionStatus=3&ticketStatus=pending&tickets.page=2');
    expect(Object.fromEntries(writeStatusParam(current, 'resolved', 'ticketStatus', 'tickets.page'))).toEqual({
      id: '7',
      page: '4',
      transactionStatus: '3',
      ticketStatus: 'resolved',
    });
    // A list whose page is not in the URL removes no page.
    expect(Object.fromEntries(writeStatusParam(current, '', 'transactionStatus', null))).toEqual({
      id: '7',
      page: '4',
      ticketStatus: 'pending',
      'tickets.page': '2',
    });
  });

  it('does not change the parameters it was given', () => {
    const current = url('status=pending&page=3');
    writeStatusParam(current, 'resolved');
    expect(current.toString()).toBe('status=pending&page=3');
  });
});
