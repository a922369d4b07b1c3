import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, waitForMail } from './helpers/auth';
import { mailedCode, signLinkIn, signThroughLink, tokenOf, type Investor, type Offering } from './helpers/signing';
import {
  compiledSignerCheck,
  events,
  investorWithLink,
  minutesFromNow,
  openSigningChecks,
  post,
  refusal,
  setSigner,
  signerRow,
  view,
  wrongOf,
} from './helpers/signing-checks';
import { http, type TestApp } from './helpers/strapi';
import type { CheckedSigner } from '../src/api/signing/services/signer-trail';

/**
 * The mailed one-time code of the portal's own signer (docs/signing.md): six digits, at most one every 30 seconds, five
 * tries, then the link locked ten minutes, and suspended at its third lock-out, even under concurrent guesses (the
 * offering of helpers/signing-checks.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openSigningChecks());
});

describe('the one-time code', () => {
  let investor: Investor;
  let token: string;

  beforeAll(async () => {
    ({ investor, token } = await investorWithLink('code'));
    await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
  });

  it('is asked of a signer without their own session: no signature without it, nor with a made-up proof', async () => {
    expect((await view(token)).body.identity).toEqual({
      method: 'email-code',
      email: expect.stringMatching(/^c\*\*\*@/),
      codeSentAt: null,
      lockedUntil: null,
      suspended: false,
    });
    expect(await post(token, '', { name: 'No Code', consent: true })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect(await post(token, '', { name: 'No Code', consent: true, verification: 'forged' })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect(await post(token, '/code/verify', { code: '123456' })).toMatchObject(
      refusal(400, 'No code has been sent for this link yet: send one first'),
    );
  });

  it('is six digits mailed to the signer, at most one every 30 seconds', async () => {
    const code = await mailedCode(app, token, investor.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await waitForMail(investor.email, 'Your signing code');
    expect(mail.text).toContain('Your code to sign the subscription agreement for sign-checks Fund I:');
    expect(mail.text).toContain('It works for 10 minutes.');
    expect(minutesFromNow((await signerRow(token)).codeExpiresAt, 10)).toBe(true);
    expect(await post(token, '/code')).toMatchObject(
      refusal(429, 'A code was sent less than 30 seconds ago: please check your inbox'),
    );
    expect(await post(token, '/code/verify', { code: 'abc' })).toMatchObject(
      refusal(400, 'The code is the six digits in the mail'),
    );
    expect((await view(token)).body.identity.codeSentAt).toEqual(expect.any(String));
  });

  it('counts wrong codes, and the fifth locks the link for ten minutes, even for the right code', async () => {
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const code = await mailedCode(app, token, investor.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2])
      expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
        refusal(400, `That code is not right: ${left} tries left`),
      );
    expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
      refusal(400, 'That code is not right: 1 try left'),
    );
    expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
    );
    const locked = 'Too many wrong codes: this link is locked. Try again in 10 minutes.';
    expect(await post(token, '/code/verify', { code })).toMatchObject(refusal(429, locked));
    expect(await post(token, '/code')).toMatchObject(refusal(429, locked));
    expect(await post(token, '', { name: 'Locked Out', consent: true })).toMatchObject(refusal(429, locked));
    expect(minutesFromNow((await view(token)).body.identity.lockedUntil, 10)).toBe(true);
  });

  it('works again once the lock is over, with a new code; an expired code does not', async () => {
    await setSigner(token, { lockedUntil: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    const stale = await mailedCode(app, token, investor.email);
    await setSigner(token, { codeExpiresAt: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    expect(await post(token, '/code/verify', { code: stale })).toMatchObject(
      refusal(400, 'This code has expired: send a new one'),
    );
    const code = await mailedCode(app, token, investor.email);
    const verified = await post(token, '/code/verify', { code });
    expect(verified.body).toEqual({ verified: true, verification: expect.any(String) });
    expect(
      await post(token, '', { name: 'Coral Code', consent: true, verification: verified.body.verification }),
    ).toMatchObject({ status: 200 });
    expect(await signerRow(token)).toMatchObject({ verifiedBy: 'email-code', typedName: 'Coral Code' });
  });
});

describe('the one-time code under pressure', () => {
  it('compares at most five of twenty wrong codes sent at the same moment, then the link is locked', async () => {
    const { investor, token } = await investorWithLink('code-burst', { accepted: true });
    const code = await mailedCode(app, token, investor.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(token, '/code/verify', { code: wrongOf(code) })),
    );
    const messages = answers.map((answer) => answer.body.error?.message as string);
    // Compared: each "not right" and the one that locked; every other was refused without a comparison.
    const compared = messages.filter(
      (message) =>
        message.startsWith('That code is not right') ||
        message === 'Too many wrong codes: this link is locked for 10 minutes.',
    );
    expect(compared).toHaveLength(5);
    expect(
      messages.filter((message) => message === 'Too many wrong codes: this link is locked for 10 minutes.'),
    ).toHaveLength(1);
    expect(messages.filter((message) => !compared.includes(message))).toEqual(
      Array(15).fill('Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    expect((await view(token)).body.identity.lockedUntil).toEqual(expect.any(String));
    expect(await post(token, '/code/verify', { code })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    // The trail has every one of them, written at the same moment: five wrong codes, one lock.
    const trail = await events(token);
    expect(
      trail
        .filter((entry) => entry.event === 'code-wrong')
        .map((entry) => entry.detail)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((n) => `try ${n} of 5`));
    expect(trail.filter((entry) => entry.event === 'link-locked')).toHaveLength(1);
  });

  it('takes each try from the database, not from the row a request read: on a row read before the lock, at most five guesses are compared and the right code is refused', async () => {
    const { investor, token } = await investorWithLink('code-stale', { accepted: true });
    const code = await mailedCode(app, token, investor.email);
    // What twenty requests arriving together each read before any of them checked its code.
    const readAtOnce: CheckedSigner = await signerRow(token);
    // The service as the running CMS has it compiled (its ES build does not load here, as helpers/strapi says).
    const check = compiledSignerCheck();
    const outcome = (guess: string) =>
      check.verifyCode({ ...readAtOnce }, guess, { ip: null, userAgent: null }).then(
        () => 'verified',
        (error: Error) => error.message,
      );
    const messages: string[] = [];
    for (let n = 0; n < 20; n += 1) messages.push(await outcome(wrongOf(code)));
    expect(messages.filter((message) => message.startsWith('That code is not right'))).toHaveLength(4);
    expect(
      messages.filter((message) => message === 'Too many wrong codes: this link is locked for 10 minutes.'),
    ).toHaveLength(1);
    expect(await outcome(code)).toBe('Too many wrong codes: this link is locked. Try again in 10 minutes.');
    expect((await signerRow(token)).verifiedAt).toBeNull();
  });

  it('counts wrong codes across new codes: four wrong, a new code, one wrong locks the link', async () => {
    const { investor, token } = await investorWithLink('code-resend', { accepted: true });
    const first = await mailedCode(app, token, investor.email);
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try'])
      expect(await post(token, '/code/verify', { code: wrongOf(first) })).toMatchObject(
        refusal(400, `That code is not right: ${left} left`),
      );
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const second = await mailedCode(app, token, investor.email);
    expect(await post(token, '/code/verify', { code: wrongOf(second) })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
    );
    // After the lock the link has five tries again; a right code starts them over too.
    await setSigner(token, { lockedUntil: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    const third = await mailedCode(app, token, investor.email);
    expect(await post(token, '/code/verify', { code: wrongOf(third) })).toMatchObject(
      refusal(400, 'That code is not right: 4 tries left'),
    );
    expect((await post(token, '/code/verify', { code: third })).body).toMatchObject({ verified: true });
    expect((await signerRow(token)).codeTries).toBe(0);
  });

  it('suspends a link at its third lock-out, whatever time passes: no code, no signature until a new link is sent, by the investor asking to sign again or by the sponsor desk', async () => {
    const suspended = refusal(
      403,
      'Too many wrong codes: this link is suspended. Ask for a new link: the investor with "Continue to sign" on their dashboard, anyone else by writing to the sponsor at no-reply@localhost.',
    );
    /** Five wrong codes on a link whose last lock (if any) is over: the fifth's answer. */
    const lockOut = async (token: string, email: string) => {
      await setSigner(token, { lockedUntil: null, codeSentAt: new Date(Date.now() - 60_000) });
      const code = await mailedCode(app, token, email);
      for (let n = 0; n < 4; n += 1) await post(token, '/code/verify', { code: wrongOf(code) });
      return post(token, '/code/verify', { code: wrongOf(code) });
    };
    const suspend = async (token: string, email: string) => {
      for (let n = 0; n < 2; n += 1)
        expect(await lockOut(token, email)).toMatchObject(
          refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
        );
      expect(await lockOut(token, email)).toMatchObject(suspended);
    };

    const { investor, token } = await investorWithLink('code-suspended', { accepted: true });
    await suspend(token, investor.email);
    // Long after any lock would be over, the link still takes nothing.
    await setSigner(token, {
      lockedUntil: new Date(Date.now() - 3_600_000),
      codeSentAt: new Date(Date.now() - 3_600_000),
    });
    expect((await view(token)).body.identity).toMatchObject({ suspended: true, lockedUntil: null });
    expect(await post(token, '/code')).toMatchObject(suspended);
    expect(await post(token, '', { name: 'Sus Pended', consent: true, verification: 'x' })).toMatchObject(suspended);
    const trail = (await signerRow(token)).auditEvents as { event: string; detail?: string }[];
    expect(trail.filter((entry) => entry.event === 'link-locked')).toHaveLength(2);
    expect(trail.filter((entry) => entry.event === 'link-suspended').map((entry) => entry.detail)).toEqual([
      'after 3 lock-outs',
    ]);
    expect(trail.filter((entry) => entry.event === 'refused-locked').map((entry) => entry.detail)).toEqual([
      'a code request (suspended)',
      'a signature (suspended)',
    ]);

    // The investor, signed in, asks to sign again ("Continue to sign"): a new link is mailed, the old one is dead.
    const again = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    const fresh = tokenOf(again.body.url);
    expect(fresh).not.toBe(token);
    expect(
      signLinkIn(
        (await waitForMail(investor.email, 'Please sign your subscription agreement for sign-checks Fund I', 2)).text,
      ),
    ).toBe(again.body.url);
    expect(await view(token)).toMatchObject(refusal(404, 'This signing link is not valid'));
    expect((await view(fresh)).body.identity).toMatchObject({ suspended: false, lockedUntil: null, codeSentAt: null });
    expect((await signerRow(fresh)).auditEvents.at(-1)).toMatchObject({
      event: 'link-reissued',
      detail: 'by the investor, signed in',
    });
    const verified = await post(fresh, '/code/verify', { code: await mailedCode(app, fresh, investor.email) });
    expect(
      (await post(fresh, '', { name: 'Fresh Link', consent: true, verification: verified.body.verification })).status,
    ).toBe(200);

    // The sponsor desk sends a new link (the signer cannot ask for one themselves: a spouse, or an investor who never signs in).
    const other = await investorWithLink('code-suspended-desk', { accepted: true });
    await suspend(other.token, other.investor.email);
    const staff = await adminToken(
      app,
      'sign-checks-desk@portal.local',
      'sponsor-admin',
      ['Desk', 'Staff'],
      [offering.portal],
    );
    const desk = await http(
      app,
      'POST',
      `/sponsor-desk/commitments/${other.investor.syndUser}/signing-links`,
      {},
      { Authorization: `Bearer ${staff}` },
    );
    expect(desk).toMatchObject({
      status: 200,
      body: { reissued: [{ role: 'investor', email: other.investor.email }] },
    });
    const link = signLinkIn(
      (await waitForMail(other.investor.email, 'Please sign your subscription agreement for sign-checks Fund I', 2))
        .text,
    );
    expect(await view(other.token)).toMatchObject(refusal(404, 'This signing link is not valid'));
    expect((await view(tokenOf(link))).body.identity).toMatchObject({ suspended: false });
    expect((await signerRow(tokenOf(link))).auditEvents.at(-1)).toMatchObject({
      event: 'link-reissued',
      detail: 'by Desk Staff',
    });
    // Once signed there is no link left to send.
    await signThroughLink(app, tokenOf(link), other.investor.email, { name: 'Desk Sent', consent: true });
    expect(
      await http(
        app,
        'POST',
        `/sponsor-desk/commitments/${other.investor.syndUser}/signing-links`,
        {},
        { Authorization: `Bearer ${staff}` },
      ),
    ).toMatchObject(refusal(409, 'This commitment has no signing link waiting for a signature'));
  });
});
