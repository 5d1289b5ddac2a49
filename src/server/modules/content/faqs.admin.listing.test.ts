// The admin FAQ list of /faq (GET /v1/admin/faqs): who may call, oldest first like the public list,
// search, sort and the streamed export.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminContentText as c } from '../../../contract/messages.js';
import { createAdmin, createFaq, createMember, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;

const list = (path: string, query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/${path}${query}`, headers: token ? bearer(token) : {} });
const titles = (body: { data: { title: string }[] }) => body.data.map((row) => row.title);

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const member = await createMember(ctx.db);
  memberToken = await signIn(ctx.db, member.id);
  for (let i = 1; i <= 21; i++) {
    const n = String(i).padStart(2, '0');
    await createFaq(ctx.db, {
      title: `Question ${n}`,
      about: i === 4 ? 'Refunds take 5 days' : `Answer ${n}`,
      createdAt: new Date(Date.UTC(2026, 0, 22 - i)),
    });
  }
});

describe('GET /v1/admin/faqs', () => {
  it('refuses an anonymous caller with 401 and a member with 403', async () => {
    for (const path of ['faqs', 'faqs/export']) {
      await expectAdminOnly((token) => list(path, '', token), memberToken, path);
    }
  });

  it('lists FAQs oldest first, like the public list, 20 a page', async () => {
    const body = (await list('faqs')).json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 21 });
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      title: 'Question 21',
      about: 'Answer 21',
      createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    });
    expect(titles((await list('faqs', '?page=2')).json())).toEqual(['Question 01']);
  });

  it('searches title and about, and sorts by title', async () => {
    expect(titles((await list('faqs', '?q=refunds')).json())).toEqual(['Question 04']);
    expect(titles((await list('faqs', '?q=question%2011')).json())).toEqual(['Question 11']);
    expect(titles((await list('faqs', '?sort=title&limit=2')).json())).toEqual(['Question 01', 'Question 02']);
    expect((await list('faqs', '?sort=about')).statusCode).toBe(400);
  });

  it('exports the whole list with Title and About', async () => {
    const res = await list('faqs/export', '?sort=title&order=desc');
    const rows = await exportedSheet(res, 'faq');
    expect(rows[0]).toEqual([c.title, c.about]);
    expect(rows).toHaveLength(22);
    expect(rows[1]).toEqual(['Question 21', 'Answer 21']);
  });
});
