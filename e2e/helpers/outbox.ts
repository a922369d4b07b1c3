import fs from 'node:fs';
import path from 'node:path';

/** The body of an .eml file with quoted-printable soft breaks and escapes undone. */
function decoded(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for the mail the CMS wrote to its outbox for `to` whose text holds `/<route>/<code>`, and answers that
 * link's path (e.g. /confirm_email/abc).
 */
export async function linkFromOutbox(
  outboxDir: string,
  to: string,
  route: string,
  timeoutMs = 15_000,
): Promise<string> {
  const pattern = new RegExp(`/${route}/([A-Za-z0-9_-]+)`);
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
      : [];
    for (const name of files.reverse()) {
      const mail = decoded(fs.readFileSync(path.join(outboxDir, name), 'utf8'));
      const match = mail.match(pattern);
      if (match && new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(mail)) return `/${route}/${match[1]}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${route} mail for ${to} in ${outboxDir}`);
}

/** Waits for the mail the CMS wrote to its outbox for `to` with this subject, and answers its decoded text. */
export async function mailFromOutbox(
  outboxDir: string,
  to: string,
  subject: string,
  timeoutMs = 15_000,
): Promise<string> {
  const started = Date.now();
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  while (Date.now() - started < timeoutMs) {
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
      : [];
    for (const name of files.reverse()) {
      const mail = decoded(fs.readFileSync(path.join(outboxDir, name), 'utf8'));
      if (
        new RegExp(`^To:.*${escaped(to)}`, 'im').test(mail) &&
        new RegExp(`^Subject: ${escaped(subject)}\\r?$`, 'im').test(mail)
      )
        return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail "${subject}" for ${to} in ${outboxDir}`);
}
