import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInAt, startDeployment, uploadProof, type Deployment } from './helpers/deployment';
import { callAt, postgresMissing } from './helpers/instances';
import { s3ServerMissing } from './helpers/s3-server';

/**
 * Two CMS instances (`strapi start`, separate processes) on one PostgreSQL database and one S3 server, as behind a
 * load balancer: whatever one instance records, the other honours. It builds its own deployment, so it runs once, in
 * the PostgreSQL pass of the CMS tests (the SQLite pass, which runs beside it, has the fault tests).
 */
const skipReason =
  process.env.TEST_DATABASE !== 'postgres'
    ? 'runs once, in the PostgreSQL pass (it makes its own PostgreSQL database)'
    : (s3ServerMissing() ?? (await postgresMissing()));
if (skipReason) console.warn(`Multi-instance tests skipped: ${skipReason}`);

describe.skipIf(skipReason)('two CMS instances on one database and one bucket', () => {
  let deployment: Deployment;
  let a: string;
  let b: string;

  beforeAll(async () => {
    deployment = await startDeployment({
      label: 'multi',
      // B stands behind one trusted proxy (it takes the last X-Forwarded-For entry); A trusts no header.
      instances: [{ TRUST_PROXY: 'false' }, { TRUST_PROXY: 'true' }],
    });
    [a, b] = deployment.instances.map((instance) => instance.url);
  }, 600_000);

  afterAll(async () => {
    await deployment?.stop();
  }, 120_000);

  it('carries one investor across both: signed in on one, commits and uploads on the other, signed out everywhere', async () => {
    // B sees the client's address where its proxy appends it, as a load balancer would.
    const viaProxy = { 'x-forwarded-for': '127.0.0.1' };
    const authCode = await signInAt(a, 'investor.new@wasabistallions.com');
    const me = await callAt(b, 'GET', '/api/auth/me', undefined, { authcode: authCode, ...viaProxy });
    expect(me).toMatchObject({ status: 200, body: { me: { email: 'investor.new@wasabistallions.com' } } });

    const available = await callAt(b, 'GET', '/api/syndication/available', undefined, {
      authcode: authCode,
      ...viaProxy,
    });
    const offering = available.body.items.find(
      (item: { isAvailable: boolean; syndUser: unknown }) => item.isAvailable && !item.syndUser,
    );
    expect(offering, 'an open offering the investor has not answered').toBeTruthy();
    const committed = await callAt(
      b,
      'POST',
      '/api/syndication/set_investing',
      {
        id: offering.documentId,
        invest_amount: offering.minimumAmountToInvest,
        method_of_inv: 'CASH',
        is_married: '0',
      },
      { authcode: authCode, ...viaProxy },
    );
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    const mine = await callAt(a, 'GET', '/api/syndication/mine', undefined, { authcode: authCode });
    expect(mine.body.items.map((item: { documentId: string }) => item.documentId)).toContain(offering.documentId);

    const upload = await uploadProof(b, authCode, 'multi-instance proof.pdf');
    expect(upload, JSON.stringify(upload.body)).toMatchObject({ step: 3, status: 200 });
    expect(await deployment.hasObject(upload.key as string)).toBe(true);
    const listed = await callAt(a, 'GET', '/api/proof_documents?mine=true&limit=999', undefined, {
      authcode: authCode,
    });
    expect(listed.body.items.map((item: { originalName: string }) => item.originalName)).toContain(
      'multi-instance proof.pdf',
    );

    expect((await callAt(a, 'POST', '/api/auth/logout', {}, { authcode: authCode })).status).toBe(200);
    for (const [base, headers] of [
      [a, {}],
      [b, viaProxy],
    ] as const) {
      expect(
        (await callAt(base, 'GET', '/api/auth/me', undefined, { authcode: authCode, ...headers })).status,
        base,
      ).toBe(401);
      expect(
        (await callAt(base, 'GET', '/api/syndication/mine', undefined, { authcode: authCode, ...headers })).status,
        base,
      ).toBe(401);
    }
  });

  it('serves an edit made on one instance from the other within a second', async () => {
    const authCode = await signInAt(a, 'superadmin@wasabistallions.com');
    const read = async () =>
      (
        await callAt(
          b,
          'POST',
          '/api/contents/byslug',
          { slug: ['privacy-policy'] },
          { 'x-forwarded-for': '127.0.0.1' },
        )
      ).body.contents['privacy-policy'];
    // Read on B first, so anything B keeps of the old text would show.
    const before = await read();
    expect(before.title).toBeTruthy();
    const title = `Privacy policy (edited ${Date.now()})`;
    const edited = await callAt(
      a,
      'POST',
      '/api/contents/update',
      { slug: 'privacy-policy', title },
      { authcode: authCode },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const editedAt = Date.now();
    let seen = before.title;
    while (seen !== title && Date.now() - editedAt < 1000) {
      seen = (await read()).title;
      if (seen !== title) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(title);
  });

  it('takes a portal away from staff on the other instance within a second', async () => {
    const token = async (base: string, email: string) =>
      (await callAt(base, 'POST', '/admin/login', { email, password: DEMO_PASSWORD })).body.data.token as string;
    const [sponsorOnB, superOnA] = [await token(b, 'sponsor@portal.local'), await token(a, 'admin@portal.local')];
    const asSuper = { Authorization: `Bearer ${superOnA}` };
    // What the content manager lists them (through the permissions B keeps for them) and the sponsor desk's picker.
    const fundsOnB = async () =>
      (
        await callAt(b, 'GET', '/content-manager/collection-types/api::fund.fund?page=1&pageSize=100', undefined, {
          Authorization: `Bearer ${sponsorOnB}`,
          'x-forwarded-for': '127.0.0.1',
        })
      ).body.pagination.total as number;
    const { portal } = (
      await callAt(b, 'GET', '/sponsor-desk/funds', undefined, {
        Authorization: `Bearer ${sponsorOnB}`,
        'x-forwarded-for': '127.0.0.1',
      })
    ).body as { portal: { slug: string } };
    // Read on B first, so that B keeps what the sponsor may do.
    expect(await fundsOnB()).toBeGreaterThan(0);
    const { documentId } = (
      await callAt(
        a,
        'GET',
        `/content-manager/collection-types/api::portal.portal?filters[slug][$eq]=${portal.slug}`,
        undefined,
        asSuper,
      )
    ).body.results[0] as { documentId: string };
    const sponsorId = (
      await callAt(a, 'GET', '/admin/users?filters[email][$eq]=sponsor@portal.local', undefined, asSuper)
    ).body.data.results[0].id as number;
    const staff = (change: 'connect' | 'disconnect') =>
      callAt(
        a,
        'PUT',
        `/content-manager/collection-types/api::portal.portal/${documentId}`,
        { staff: { [change]: [{ id: sponsorId }] } },
        asSuper,
      );
    expect((await staff('disconnect')).status).toBe(200);
    try {
      const takenAt = Date.now();
      let seen = await fundsOnB();
      while (seen > 0 && Date.now() - takenAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await fundsOnB();
      }
      expect(seen).toBe(0);
    } finally {
      expect((await staff('connect')).status).toBe(200);
    }
  });

  it('holds the sign-in limits across both instances, and X-Forwarded-For moves them only where TRUST_PROXY says so', async () => {
    const account = 'user@wasabistallions.com';
    const attempt = (base: string, headers: Record<string, string>) =>
      callAt(base, 'POST', '/api/auth/auth', { username: account, password: 'wrong password' }, headers);
    // Ten failures (AUTH_RATE_LIMIT_ACCOUNT_MAX) from one client, alternating between the instances.
    for (let index = 0; index < 10; index += 1) {
      const answer = index % 2 ? await attempt(b, { 'x-forwarded-for': '127.0.0.1' }) : await attempt(a, {});
      expect(answer.status, `attempt ${index + 1}`).toBe(401);
    }
    const refused = await attempt(a, {});
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await attempt(b, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(429);
    // A forged header changes nothing on A (it trusts none) nor on B (it takes the entry its proxy appended)...
    expect((await attempt(a, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await attempt(b, { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' })).status).toBe(429);
    // ...and the owner still gets in from elsewhere; B, told to trust its proxy, sees that other address.
    expect(
      (
        await callAt(
          b,
          'POST',
          '/api/auth/auth',
          { username: account, password: DEMO_PASSWORD },
          { 'x-forwarded-for': '198.51.100.7' },
        )
      ).status,
    ).toBe(200);
    expect((await attempt(b, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(401);
  });

  it('opens one agreement when two instances are asked to start signing at the same moment', async () => {
    const authCode = await signInAt(a, 'investor.going@wasabistallions.com');
    const mine = await callAt(a, 'GET', '/api/syndication/mine', undefined, { authcode: authCode });
    const going = mine.body.items.find(
      (item: { syndUser: { isGoingToInvest: boolean; signingStep: number } | null }) => item.syndUser?.isGoingToInvest,
    );
    expect(going, 'a commitment waiting for its agreement').toBeTruthy();
    const id = going.syndUser.documentId;
    const [first, second] = await Promise.all([
      callAt(a, 'POST', '/api/syndication/request_sign', { id }, { authcode: authCode }),
      callAt(
        b,
        'POST',
        '/api/syndication/request_sign',
        { id },
        { authcode: authCode, 'x-forwarded-for': '127.0.0.1' },
      ),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.url).toBe(first.body.url);
    const signers = await deployment.db.query<{ role: string }>(
      `SELECT s.role FROM signings s JOIN signings_synd_user_lnk l ON l.signing_id = s.id JOIN synd_users u ON u.id = l.synd_user_id WHERE u.document_id = $1`,
      [id],
    );
    expect(signers.filter((signer) => signer.role === 'investor')).toHaveLength(1);
  });
});
