import fs from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage, MailProvider, MailSettings } from './types';

/** Letters, digits, dots, @ and dashes: enough to read a file name, safe on every file system. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9@.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The first http(s) link of a text, for the log line. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"']+/.exec(text)?.[0];
}

/**
 * The embedded mail provider: each message becomes a real RFC 822 .eml file in `dir`, named
 * `<UTC time>-<sequence>-<recipient>-<subject>.eml` so the folder lists in sending order, and one log line names
 * the recipient and the first link (a developer can follow a confirmation link without a mail server).
 */
export function createOutboxProvider({
  dir,
  settings,
  log,
}: {
  dir: string;
  settings: MailSettings;
  log: (line: string) => void;
}): MailProvider {
  let sequence = 0;
  return {
    async send(message: MailMessage) {
      const mail = new MailComposer({
        from: message.from ?? settings.defaultFrom,
        replyTo: message.replyTo ?? settings.defaultReplyTo,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const raw = await mail.compile().build();
      sequence += 1;
      const time = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        dir,
        `${time}-${String(sequence).padStart(4, '0')}-${slug(message.to)}-${slug(message.subject)}.eml`,
      );
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(file, raw);
      log(`Mail to ${message.to}: ${firstLink(message.text) ?? '(no link)'} (saved as ${file})`);
    },
  };
}
