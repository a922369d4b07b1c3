import { beforeAll, describe, expect, it } from 'vitest';
import type { UID } from '@strapi/strapi';
import { call, openGuestSession, signedInUser } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { CALLERS, LABEL, TABLE, type Caller } from './helpers/collection-table';

/**
 * The collection table's cells: each caller lists each collection and reads single rows; the rows they get are
 * written by hand in helpers/collection-table.ts, per caller, as the labels of the rows created below. Portal P is
 * home; Q is another portal.
 */
let app: TestApp;
let P: TestPortal;
let Q: TestPortal;
const codes: Partial<Record<Caller, string>> = {};

/** Every row created, by collection and label, for reading single rows. */
const rows: Record<string, Record<string, string>> = {};

async function make(collection: string, uid: UID.ContentType, data: Record<string, unknown>): Promise<string> {
  const created = await fixtureDocuments(app, uid).create({ data } as never);
  (rows[collection] ??= {})[String(data[LABEL[collection]])] = created.documentId;
  return created.documentId;
}

const get = (caller: Caller, route: string) =>
  call(app, 'GET', `/api/${route}${route.includes('?') ? '&' : '?'}portal=${P.slug}`, undefined, {
    authCode: codes[caller],
  });

beforeAll(async () => {
  app = await useStrapi();
  P = await createPortal(app, 'table-p');
  Q = await createPortal(app, 'table-q');
  const investor = await signedInUser(app, 'table-a', 'user', P);
  const otherInvestor = await signedInUser(app, 'table-b', 'user', P);
  const admin = await signedInUser(app, 'table-admin', 'admin', P);
  const superadmin = await signedInUser(app, 'table-super', 'superadmin', P);
  const otherPortal = await signedInUser(app, 'table-c', 'user', Q);
  Object.assign(codes, {
    investor: investor.authCode,
    otherInvestor: otherInvestor.authCode,
    admin: admin.authCode,
    superadmin: superadmin.authCode,
    otherPortal: otherPortal.authCode,
    guest: await openGuestSession(app, investor.id),
  });

  for (const [portal, name] of [
    [P, 'P'],
    [Q, 'Q'],
  ] as const) {
    await make('blog_items', 'api::blog-item.blog-item', {
      title: `${name} paper`,
      slug: `${name}-paper`,
      isPublished: true,
      portal: portal.documentId,
    });
    await fixtureDocuments(app, 'api::blog-item.blog-item').create({
      data: { title: `${name} draft`, slug: `${name}-draft`, isPublished: false, portal: portal.documentId } as never,
    });
    await make('assets_items', 'api::assets-item.assets-item', { name: `${name} asset`, portal: portal.documentId });
    await make('team_members', 'api::team-member.team-member', { name: `${name} member`, portal: portal.documentId });
    const company = (
      await fixtureDocuments(app, 'api::company.company').create({
        data: { name: `${name} company`, portal: portal.documentId } as never,
      })
    ).documentId;
    const fund = await make('funds', 'api::fund.fund', { name: `${name} fund`, company });
    await make('investments', 'api::investment.investment', { name: `${name} deal`, fund, company });
    await make('synd_documents', 'api::synd-document.synd-document', { originalName: `dd ${name}`, fund });
    await fixtureDocuments(app, 'api::synd-document.synd-document').create({
      data: { originalName: `dd ${name} deleted`, fund, isDeleted: true } as never,
    });
  }
  const fundOf = (name: string) => rows.funds[`${name} fund`];
  for (const [user, name, fund] of [
    [investor, 'A', 'P'],
    [otherInvestor, 'B', 'P'],
    [otherPortal, 'C', 'Q'],
  ] as const) {
    await make('notifications', 'api::notification.notification', {
      messageSubject: `note ${name}`,
      user: user.documentId,
    });
    const syndUser = await make('synd_users', 'api::synd-user.synd-user', {
      feedback: `su ${name}`,
      user: user.documentId,
      fund: fundOf(fund),
    });
    await make('tax_documents', 'api::tax-document.tax-document', {
      originalName: `tax ${name}`,
      year: 2025,
      user: user.documentId,
    });
    await make('news_documents', 'api::news-document.news-document', {
      originalName: `news ${name}`,
      year: 2025,
      user: user.documentId,
    });
    await make('proof_documents', 'api::proof-document.proof-document', {
      originalName: `proof ${name}`,
      user: user.documentId,
    });
    if (name !== 'B') {
      // Agreements are made only by sealing (docs/record-rules.md): written as the signing writes them, with the query engine.
      const { id } = await app.strapi.db
        .query('api::synd-user.synd-user')
        .findOne({ where: { documentId: syndUser }, select: ['id'] });
      const agreement = await app.strapi.db
        .query('api::synd-agreement.synd-agreement')
        .create({ data: { originalName: `sa ${name}`, syndUser: id } });
      (rows.synd_agreements ??= {})[`sa ${name}`] = agreement.documentId;
    }
  }
});

describe('the generic collection calls: who lists and reads which rows', () => {
  for (const [collection, cells] of Object.entries(TABLE)) {
    for (const caller of CALLERS) {
      const expected = cells[caller];
      it(`${collection} as ${caller}: ${typeof expected === 'number' ? expected : expected.join(', ') || 'nothing'}`, async () => {
        const listed = await get(caller, `${collection}?limit=999`);
        if (typeof expected === 'number') {
          expect(listed.status).toBe(expected);
          expect(listed.body.error.message).toBe('Sign in required');
        } else {
          expect(listed.status).toBe(200);
          const labels = listed.body.items.map((row: Record<string, string>) => row[LABEL[collection]]);
          // Other test files add rows to the shared database, but never to this file's portals and users.
          expect(labels.filter((label: string) => label in rows[collection]).sort()).toEqual([...expected].sort());
          expect(listed.body.total).toBe(labels.length);
        }
        for (const [label, documentId] of Object.entries(rows[collection])) {
          const single = await get(caller, `${collection}/${documentId}`);
          const status = typeof expected === 'number' ? expected : expected.includes(label) ? 200 : 404;
          expect(single.status, label).toBe(status);
          if (status === 200) expect(single.body.item[LABEL[collection]]).toBe(label);
        }
      });
    }
  }

  it("never serves another portal's team members, whatever the query says", async () => {
    const names = async (caller: Caller, query: string) => {
      const { status, body } = await call(app, 'GET', `/api/team_members?${query}`, undefined, {
        authCode: codes[caller],
      });
      return status === 200
        ? body.items.map((row: { name: string }) => row.name).filter((name: string) => name in rows.team_members)
        : status;
    };
    // A visitor sees the portal the request is for; a signed-in user always sees their own portal's.
    expect(await names('anonymous', `portal=${Q.slug}`)).toEqual(['Q member']);
    expect(await names('investor', `portal=${Q.slug}`)).toEqual(['P member']);
    for (const query of [
      `filters[portal][id]=${Q.id}`,
      `filters[portal][slug][$eq]=${Q.slug}`,
      `filters[$or][0][portal][id]=${Q.id}`,
    ]) {
      expect(await names('investor', query), query).toBe(400);
    }
    expect((await get('investor', `team_members/${rows.team_members['Q member']}`)).status).toBe(404);
  });

  it('never lists a deleted file or an unpublished education item', async () => {
    const documents = await get('investor', 'synd_documents?limit=999');
    expect(documents.body.items.map((row: { originalName: string }) => row.originalName)).not.toContain('dd P deleted');
    const education = await get('anonymous', 'blog_items?filters[isPublished][$eq]=false');
    expect(education.body.items).toEqual([]);
  });

  it('takes mine=true as "only my rows" and needs a session for it', async () => {
    expect((await get('admin', 'synd_users?mine=true')).body.items).toEqual([]);
    expect(
      (await get('investor', 'synd_users?mine=true')).body.items.map((row: { feedback: string }) => row.feedback),
    ).toEqual(['su A']);
    expect((await get('anonymous', 'blog_items?mine=true')).status).toBe(401);
    expect((await get('investor', 'funds?mine=true')).body.error.message).toBe(
      'funds has no owner, so mine does not apply',
    );
  });

  it('populates what the table allows, with the fields it allows, and filters by an allowed relation', async () => {
    const investments = await get('investor', 'investments?populate=fund&limit=999');
    const deal = investments.body.items.find((row: { name: string }) => row.name === 'P deal');
    expect(deal.fund).toMatchObject({ name: 'P fund' });
    expect(deal.fund).not.toHaveProperty('wire_instructions');
    const byFund = await get('investor', `synd_documents?filters[fund][documentId]=${rows.funds['P fund']}`);
    expect(byFund.body.items.map((row: { originalName: string }) => row.originalName)).toEqual(['dd P']);
    expect((await get('investor', 'synd_users?populate=user')).body.error.message).toBe(
      'populate may name only fund, investment',
    );
    expect((await get('investor', 'synd_users?filters[user][email][$contains]=@')).body.error.message).toBe(
      'filters may not name user',
    );
  });

  it('reads the filter operators as Strapi does, pages with the total, and answers a value the field cannot hold with a 400', async () => {
    const taxNames = async (query: string) =>
      (await get('investor', `tax_documents?${query}`)).body.items?.map(
        (row: { originalName: string }) => row.originalName,
      );
    expect(await taxNames('filters[year]=2025')).toEqual(['tax A']);
    expect(await taxNames('filters[year][$in][0]=2024&filters[year][$in][1]=2025')).toEqual(['tax A']);
    expect(await taxNames('filters[year][$between][0]=2020&filters[year][$between][1]=2030')).toEqual(['tax A']);
    expect(await taxNames('filters[year][$lt]=2025')).toEqual([]);
    expect(await taxNames('filters[originalName][$containsi]=TAX')).toEqual(['tax A']);
    expect(await taxNames('filters[originalName][$startsWith]=ta')).toEqual(['tax A']);
    // LIKE's wildcards are matched as they are written.
    expect(await taxNames('filters[originalName][$contains]=%25')).toEqual([]);
    expect(await taxNames('filters[originalName][$contains]=_')).toEqual([]);
    expect(await taxNames('filters[$not][originalName][$eq]=tax A')).toEqual([]);
    expect(await taxNames('filters[$or][0][year]=1999&filters[$or][1][originalName][$eqi]=TAX a')).toEqual(['tax A']);
    expect(await taxNames('filters[fund][id][$null]=true')).toEqual(['tax A']);

    // A page past the end still tells how many rows there are.
    const beyond = await get('investor', 'tax_documents?start=5');
    expect(beyond.body).toEqual({ items: [], total: 1 });
    const first = await get('investor', 'synd_users?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.total).toBeGreaterThanOrEqual(1);

    for (const [query, message] of [
      ['filters[year]=abc', 'filters[year] must be a number'],
      ['filters[year][$in][0]=abc', 'filters[year][$in] must be a number'],
      [
        'filters[year][$between][0]=1&filters[year][$between][1]=2&filters[year][$between][2]=3',
        'filters[year][$between] must be a list of two values',
      ],
      ['filters[fund][id]=abc', "filters may name a relation's id only as a whole number"],
      ['filters[createdAt][$gt]=someday', 'Invalid format, expected a timestamp or an ISO date'],
    ]) {
      const refused = await get('investor', `tax_documents?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.message, query).toBe(message);
    }
  });

  it('keeps storage keys and private fields out of every answer', async () => {
    for (const collection of ['tax_documents', 'proof_documents', 'synd_agreements', 'synd_users']) {
      const { body } = await get('investor', collection);
      for (const row of body.items) {
        for (const secret of [
          'docPath',
          'docURL',
          'bucketId',
          'syndAgreementDropboxSigningURL',
          'syndAgreementDropboxSignatureRequestId',
        ]) {
          expect(row, `${collection}.${secret}`).not.toHaveProperty(secret);
        }
      }
    }
  });

  it('refuses every write for every caller, a guest session as read-only, and nothing changes', async () => {
    const target = rows.team_members['P member'];
    for (const caller of CALLERS) {
      const options = { authCode: codes[caller] };
      const answers = [
        await call(app, 'POST', '/api/team_members', { name: 'Intruder' }, options),
        await call(app, 'PUT', `/api/team_members/${target}`, { name: 'Renamed' }, options),
        await call(app, 'DELETE', `/api/team_members/${target}`, undefined, options),
      ];
      for (const answer of answers) {
        expect(answer.status, caller).toBe(403);
        expect(answer.body.error.message, caller).toBe(
          caller === 'guest'
            ? 'A guest session is read-only'
            : 'team_members cannot be changed through the collection calls',
        );
      }
    }
    expect((await fixtureDocuments(app, 'api::team-member.team-member').findOne({ documentId: target }))?.name).toBe(
      'P member',
    );
  });

  it("answers the spec's two error messages", async () => {
    const unknown = await call(app, 'GET', '/api/not_a_model');
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: { message: 'Model is not defined on backend. Maybe try to reboot the instance.' } },
    });
    expect((await call(app, 'DELETE', '/api/unknown_things/5')).body.error.message).toBe(
      'Model is not defined on backend. Maybe try to reboot the instance.',
    );
    for (const method of ['PUT', 'DELETE']) {
      const missing = await call(app, method, '/api/funds', {}, { authCode: codes.investor });
      expect(missing, method).toMatchObject({ status: 400, body: { error: { message: 'id or _id is required' } } });
    }
  });
});
