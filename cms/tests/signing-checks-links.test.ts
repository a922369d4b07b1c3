import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openGuestSession, signedInUser } from './helpers/auth';
import { mailedCode, signThroughLink, tokenOf, type Offering } from './helpers/signing';
import {
  compiledSignerCheck,
  events,
  investorWithLink,
  openSigningChecks,
  post,
  refusal,
  setSigner,
  signerRow,
  view,
} from './helpers/signing-checks';
import type { TestApp } from './helpers/strapi';
import type { CheckedSigner } from '../src/api/signing/services/signer-trail';

/**
 * A signing link under pressure (docs/signing.md): a new link stored before it is mailed, codes counted only when sent,
 * the trail of a locked link, the sign-in family's rate limits, and the investor's own session proving who signs
 * instead of a code (the offering of helpers/signing-checks.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openSigningChecks());
});

describe('the one-time code under pressure', () => {
  it('stores a new link before mailing it: the old link stops at once, and a mail that fails puts the old link back as it was', async () => {
    const { investor, token } = await investorWithLink('reissue-down', { accepted: true });
    await setSigner(token, { lockCount: 3 });
    const provider = app.strapi.plugin('email').provider as {
      send(options: { to: string; subject: string }): Promise<unknown>;
    };
    const send = provider.send;
    let duringMail: number | undefined;
    provider.send = async (options) => {
      if (options.to !== investor.email || !options.subject.startsWith('Please sign'))
        return send.call(provider, options);
      duringMail = (await view(token)).status;
      throw new Error('The mail server is down');
    };
    const ask = () =>
      call(
        app,
        'POST',
        '/api/syndication/request_sign',
        { id: investor.syndUser },
        { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
      );
    try {
      expect((await ask()).status).toBeGreaterThanOrEqual(500);
    } finally {
      provider.send = send;
    }
    // While the new link was being mailed the old one opened nothing; the mail failed, so it is back, still suspended.
    expect(duringMail).toBe(404);
    expect((await view(token)).body.identity).toMatchObject({ suspended: true });
    expect((await events(token)).filter((entry) => entry.event === 'link-reissued')).toEqual([]);
    const again = await ask();
    expect(tokenOf(again.body.url)).not.toBe(token);
    expect((await view(tokenOf(again.body.url))).body.identity).toMatchObject({ suspended: false });
  });

  it('gives no new link to a row signed, or given another new link, after it was read: the signature and its proof of identity stand', async () => {
    const { investor, token } = await investorWithLink('reissue-race', { accepted: true });
    const readAtOnce = await signerRow(token);
    const check = compiledSignerCheck();
    const newLink = () => ({
      tokenNonce: crypto.randomBytes(32).toString('base64url'),
      tokenHash: crypto.randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // Two new links from one read: the first is stored, the second finds the link changed.
    const putBack = await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink());
    expect(putBack).toBeTypeOf('function');
    expect(await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink())).toBeNull();
    expect((await view(token)).status).toBe(404);
    await putBack!();
    // Signed meanwhile: the new link made from the row as read before is not stored.
    expect(
      (
        await signThroughLink(
          app,
          token,
          investor.email,
          { name: 'Signed First', consent: true },
          { authCode: investor.authCode },
        )
      ).status,
    ).toBe(200);
    expect(await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink())).toBeNull();
    expect(await signerRow(token)).toMatchObject({
      verifiedBy: 'session',
      signedAt: expect.anything(),
      tokenNonce: readAtOnce.tokenNonce,
    });
  });

  it('refuses a made-up proof as long as the real one in characters but not in bytes (43 × é) with a 403, not a 500', async () => {
    const { investor, token } = await investorWithLink('code-bytes', { accepted: true });
    const verified = await post(token, '/code/verify', { code: await mailedCode(app, token, investor.email) });
    expect(verified.body.verification).toHaveLength(43);
    expect(await post(token, '', { name: 'Multi Byte', consent: true, verification: 'é'.repeat(43) })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect((await signerRow(token)).signedAt).toBeNull();
  });

  it('counts only a code that was sent: a mail that fails uses up neither the 30 seconds nor one of the five codes', async () => {
    const { investor, token } = await investorWithLink('code-mail-down', { accepted: true });
    const mailer = app.strapi.plugin('email').service('email') as { send: (...args: unknown[]) => Promise<unknown> };
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('The mail server is down');
    };
    try {
      for (let n = 0; n < 3; n += 1) expect((await post(token, '/code')).status).toBeGreaterThanOrEqual(500);
    } finally {
      mailer.send = send;
    }
    expect(await signerRow(token)).toMatchObject({ codeSentAt: null, codeHash: null });
    expect((await events(token)).filter((entry) => entry.event === 'code-sent')).toEqual([]);
    // At once (no 30-second wait), and five codes in the window, as if the failures had not happened.
    for (let n = 0; n < 5; n += 1) {
      expect(await mailedCode(app, token, investor.email)).toMatch(/^\d{6}$/);
      await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    }
    expect(await post(token, '/code')).toMatchObject({ status: 429 });
  });

  it('takes the 30 seconds between codes from the database, not from the row a request read: two requests that read the row at once send one code', async () => {
    const { token } = await investorWithLink('code-at-once', { accepted: true });
    const readAtOnce: CheckedSigner = await signerRow(token);
    const check = compiledSignerCheck();
    const disclosure = await check.disclosure(offering.portal.id);
    const send = () =>
      check.sendCode({ ...readAtOnce }, 'the fund', disclosure, { ip: null, userAgent: null }).then(
        () => 'sent',
        (error: Error) => error.message,
      );
    expect([await send(), await send()]).toEqual([
      'sent',
      'A code was sent less than 30 seconds ago: please check your inbox',
    ]);
    expect((await events(token)).filter((entry) => entry.event === 'code-sent')).toHaveLength(1);
  });

  it('records in the trail what a locked link refused: a code request, a code entered, a signature', async () => {
    const { token } = await investorWithLink('code-knocking', { accepted: true });
    await setSigner(token, { lockedUntil: new Date(Date.now() + 10 * 60_000) });
    const locked = refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.');
    expect(await post(token, '/code')).toMatchObject(locked);
    await setSigner(token, { codeHash: 'x', codeExpiresAt: new Date(Date.now() + 60_000) });
    expect(await post(token, '/code/verify', { code: '123456' })).toMatchObject(locked);
    expect(await post(token, '', { name: 'Knock Knock', consent: true, verification: 'x' })).toMatchObject(locked);
    expect(
      (await events(token)).filter((entry) => entry.event === 'refused-locked').map((entry) => entry.detail),
    ).toEqual(['a code request', 'a code entered', 'a signature']);
  });

  it('is mailed and checked, and the link read, signed, accepted or given up for paper, at most as often from one address as the sign-in family allows', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, ipMax: 3 });
    try {
      const calls: ['GET' | 'POST', string][] = [
        ['POST', '/code'],
        ['POST', '/code/verify'],
        ['GET', '/document'],
        ['POST', ''],
        ['POST', '/disclosure'],
        ['POST', '/paper'],
      ];
      for (const [index, [method, suffix]] of calls.entries()) {
        const from = { ip: `203.0.113.${71 + index}` };
        const body = method === 'POST' ? { code: '123456' } : undefined;
        for (let n = 0; n < 3; n += 1)
          expect((await call(app, method, `/api/signing/no-such-token${suffix}`, body, from)).status).not.toBe(429);
        expect(await call(app, method, `/api/signing/no-such-token${suffix}`, body, from)).toMatchObject(
          refusal(429, 'Too many attempts. Please try again in 15 minutes.'),
        );
      }
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });

  it('keeps the code entered in a long trail: only codes sent and wrong codes are cut off, and counted', async () => {
    const { investor, token } = await investorWithLink('code-trail', { accepted: true });
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await setSigner(token, {
      auditEvents: Array.from({ length: 120 }, () => ({
        at,
        event: 'code-sent',
        ip: null,
        detail: 'to c***@example.com',
      })),
    });
    await mailedCode(app, token, investor.email);
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const newer = await mailedCode(app, token, investor.email);
    expect((await post(token, '/code/verify', { code: newer })).body).toMatchObject({ verified: true });
    expect((await events(token)).slice(120)).toEqual([
      expect.objectContaining({
        event: 'events-left-out',
        count: 2,
        detail: "2 further codes sent, wrong codes or refusals (the time is the last one's)",
      }),
      expect.objectContaining({ event: 'code-verified' }),
    ]);
  });
});

describe('the investor’s own session', () => {
  it('proves who signs, with no code; another investor’s session or a guest session (a superadmin looking as them) does not', async () => {
    const { investor, token } = await investorWithLink('own-session');
    const other = await signedInUser(app, 'own-session-other', 'user', offering.portal);
    expect((await view(token, investor.authCode)).body.identity.method).toBe('session');
    expect((await view(token, other.authCode)).body.identity.method).toBe('email-code');
    expect((await view(token, await openGuestSession(app, investor.id))).body.identity.method).toBe('email-code');

    await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
    expect(
      await call(
        app,
        'POST',
        `/api/signing/${token}`,
        { name: 'Other One', consent: true },
        { authCode: other.authCode },
      ),
    ).toMatchObject(refusal(403, 'Please enter the code we mailed you before you sign'));
    // Someone else locked the link with wrong codes: the investor, signed in as themselves, still signs.
    await setSigner(token, { lockedUntil: new Date(Date.now() + 10 * 60_000) });
    expect(await post(token, '', { name: 'Stranger', consent: true })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    expect(
      (
        await call(
          app,
          'POST',
          `/api/signing/${token}`,
          { name: 'Own Session', consent: true },
          { authCode: investor.authCode },
        )
      ).status,
    ).toBe(200);
    expect(await signerRow(token)).toMatchObject({ verifiedBy: 'session', typedName: 'Own Session' });
  });
});
