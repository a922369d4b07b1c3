import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp } from './helpers/strapi';
import { call, outboxDir, uniqueEmail, waitForMail } from './helpers/auth';
import { createOutboxProvider, mailSettings, smtpProviderOptions, type MailProvider } from '../src/providers/mail';

// The CommonJS build, as Strapi's email plugin loads it.
const nodemailerProvider = createRequire(import.meta.url)('@strapi/provider-email-nodemailer') as {
  init(options: unknown, settings: unknown): MailProvider;
};

let app: TestApp;

beforeAll(async () => {
  app = await useStrapi();
});

describe('mail configuration', () => {
  it('configures the nodemailer provider from SMTP_* and EMAIL_FROM', () => {
    expect(
      smtpProviderOptions({
        SMTP_HOST: 'smtp.example.com',
        SMTP_PORT: '2525',
        SMTP_USER: 'me',
        SMTP_PASSWORD: 'pw',
        SMTP_SECURE: 'false',
      }),
    ).toEqual({
      host: 'smtp.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'me', pass: 'pw' },
    });
    expect(smtpProviderOptions({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'true' })).toMatchObject({
      port: 465,
      secure: true,
      auth: undefined,
    });
    expect(smtpProviderOptions({})).toMatchObject({ host: undefined, port: 587 });
    expect(mailSettings({})).toEqual({
      defaultFrom: 'Investor Portal <no-reply@localhost>',
      defaultReplyTo: 'Investor Portal <no-reply@localhost>',
    });
    expect(mailSettings({ EMAIL_FROM: 'Wasabi <hello@wasabi.example>' }).defaultFrom).toBe(
      'Wasabi <hello@wasabi.example>',
    );
    expect(app.strapi.config.get('plugin::email.provider')).toBe('nodemailer');
  });
});

describe('SMTP (the real-service provider)', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'smtp-secret')
          return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through an SMTP server with the configured login and sender', async () => {
    const environment = {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'smtp-secret',
      EMAIL_FROM: 'Portal <no-reply@portal.example>',
    };
    const provider = nodemailerProvider.init(smtpProviderOptions(environment), mailSettings(environment));
    await provider.send({
      to: 'investor@example.com',
      subject: 'Confirm your email',
      text: 'Open http://localhost:5173/confirm_email/abc',
      html: '<a href="http://localhost:5173/confirm_email/abc">confirm</a>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      from: 'no-reply@portal.example',
      to: ['investor@example.com'],
      user: 'mailer',
    });
    expect(received[0].raw).toMatch(/^Subject: Confirm your email\r?$/m);
    expect(received[0].raw).toMatch(/^To: investor@example\.com\r?$/m);
    expect(received[0].raw).toContain('http://localhost:5173/confirm_email/abc');
  });

  it('fails when the server refuses the login', async () => {
    const provider = nodemailerProvider.init(
      smtpProviderOptions({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(port),
        SMTP_USER: 'mailer',
        SMTP_PASSWORD: 'wrong',
      }),
      mailSettings({}),
    );
    await expect(provider.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});

describe('outbox (the embedded provider, in use without SMTP_HOST)', () => {
  it('writes each mail sent through the email plugin as an .eml file named in sending order', async () => {
    const email = uniqueEmail('outbox');
    await call(app, 'POST', '/api/auth/register', {
      email,
      username: email,
      password: 'Secret123',
      firstName: 'Otto',
      lastName: 'Box',
    });
    const mail = await waitForMail(email, 'Confirm your email');
    expect(path.dirname(mail.file)).toBe(outboxDir());
    expect(path.basename(mail.file)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{4}-.+@example\.com-confirm-your-email\.eml$/,
    );
    expect(mail.raw).toMatch(/^From: Investor Portal <no-reply@localhost>\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
    expect(mail.raw).toMatch(/^Subject: Confirm your email\r?$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail.raw).toMatch(/^Message-ID: <.+>\r?$/m);
    expect(mail.link).toMatch(/^http:\/\/localhost:5173\/confirm_email\/[A-Za-z0-9_-]{43}$/);
  });

  it('logs one line naming the recipient and the first link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const outbox = createOutboxProvider({ dir, settings: mailSettings({}), log: (line) => lines.push(line) });
    await outbox.send({
      to: 'a@example.com',
      subject: 'Reset your password',
      text: 'Go to http://x.localhost/reset_password/c1 now',
      html: '<p>x</p>',
    });
    await outbox.send({ to: 'b@example.com', subject: 'Second', text: 'no link', html: '<p>y</p>' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^Mail to a@example\.com: http:\/\/x\.localhost\/reset_password\/c1 \(saved as .+\.eml\)$/,
    );
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toContain('-0001-a@example.com-reset-your-password.eml');
    expect(files[1]).toContain('-0002-b@example.com-second.eml');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
