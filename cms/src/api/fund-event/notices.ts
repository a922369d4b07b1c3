import type { Core } from '@strapi/strapi';
import { formatUsd, SITE_PATHS, type DistributionKind } from '@portal/rules';
import { PDFDocument } from 'pdf-lib';
import sanitizeHtml from 'sanitize-html';
import { fileStorage } from '../../providers/storage';
import { GREY, pdfText, writerFor } from '../../utils/pdf-writer';
import { columnOf, tableOf } from '../../utils/tables';
import { notifications, type NotificationService, type Recipient } from '../notification/services/notification';
import { recountDocuments } from '../tax-document/document-counts';
import { investorName } from '../synd-user/services/synd-user';
import { CALL_ITEM, FUND, FUND_EVENT, LEDGER_ENTRY, NEWS_DOCUMENT, PORTAL, SYND_USER } from '../../utils/uids';
import type { Row } from '../../utils/rows';

const KINDS: Record<DistributionKind, string> = {
  return_of_capital: 'Return of capital',
  income: 'Income',
  gain: 'Gain',
};

/** A posted event as its notices tell it. */
export type NoticeEvent = Pick<
  Row<typeof FUND_EVENT>,
  'documentId' | 'type' | 'date' | 'due_date' | 'kind' | 'note'
> & { fund: Pick<Row<typeof FUND>, 'id'> };

/** Text of a rich-text field (the fund's wire instructions) for a PDF: paragraphs and line breaks kept, tags gone. */
function plainText(html: string | null | undefined): string {
  const marked = (html ?? '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d)>/gi, '\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface NoticeTerms {
  portalName: string;
  fundName: string;
  investorName: string;
  event: NoticeEvent;
  amountCents: number;
  commitment: number;
  wireInstructions: string;
}

/** The notice an investor gets for a capital call (amount, due date, wire instructions) or a distribution (amount by kind). */
export async function renderNotice(terms: NoticeTerms): Promise<Buffer> {
  const { event } = terms;
  const call = event.type === 'capital_call';
  const title = call ? 'CAPITAL CALL NOTICE' : 'DISTRIBUTION NOTICE';
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfText(`${call ? 'Capital call' : 'Distribution'} notice - ${terms.fundName} - ${event.date}`));
  pdf.setAuthor(pdfText(terms.portalName));
  const w = await writerFor(pdf);
  w.text(title, { font: w.bold, size: 16, gap: 2 });
  w.text(`${terms.fundName} - ${terms.portalName}`, { color: GREY, gap: 12 });
  w.field('Investor', terms.investorName);
  w.field('Notice date', event.date);
  w.field('Commitment', formatUsd(terms.commitment));
  w.rule();
  if (call) {
    w.field('Amount called', formatUsd(terms.amountCents / 100));
    w.field('Due date', event.due_date ?? event.date);
    w.text('Please wire the amount above by the due date, quoting your name and the fund.', { gap: 8 });
    w.text('Wire instructions', { font: w.bold, size: 12, gap: 4 });
    w.text(terms.wireInstructions || 'Your sponsor will send the wire instructions separately.', { gap: 8 });
  } else {
    w.field('Amount distributed', formatUsd(terms.amountCents / 100));
    w.field('Of which', `${event.kind ? KINDS[event.kind] : 'Unspecified'}: ${formatUsd(terms.amountCents / 100)}`);
    w.text('The amount is paid to the account on file with your sponsor.', { gap: 8 });
  }
  if (event.note) w.text(event.note, { color: GREY, gap: 8 });
  w.rule();
  const recorded = call
    ? 'Your contribution appears in your ledger on the portal (Dashboard, Transactions) once your money arrives; until then the call is listed on your dashboard.'
    : 'This distribution is also recorded in your ledger on the portal (Dashboard, Transactions).';
  w.text(recorded, { size: 9, color: GREY });
  return Buffer.from(await pdf.save());
}

/** Notices sent per round of a delivery: a fund of thousands of investors is notified a batch at a time. */
export const NOTICE_BATCH = 50;
/** A notice claimed this long ago and not delivered (its instance stopped, or its mail or upload failed) is tried again by the upkeep. */
export const NOTICES_RESUME_AFTER_MS = 10 * 60 * 1000;
/** Notices the upkeep tries per round, over every event: a round never runs for long. */
export const NOTICES_PER_ROUND = 500;

/** One investor's line of a posted event: a distribution's entry, a call's item; its notice is tracked on it. */
type NoticeRow = Pick<Row<typeof LEDGER_ENTRY>, 'id' | 'amount_cents' | 'noticeBellId'> & {
  syndUser: Pick<Row<typeof SYND_USER>, 'id' | 'documentId'> | null;
};

/**
 * Delivers a posted event's notices: each investor with a share above zero gets a notice PDF among their News
 * Documents, a bell notification and a mail (the templates capital_call_posted and distribution_posted, which staff
 * may reword). Investors go in the order their lines (a distribution's entries, a call's items) were written, a batch
 * at a time. Each line is claimed before its notice (a conditional update, so two deliveries never work on one line)
 * and marked delivered (`noticeSentAt`) only once the PDF, the bell and the mail have all gone; a notice that fails is
 * logged and left for the upkeep to try again after NOTICES_RESUME_AFTER_MS, and the others still go. Each step is
 * done once whatever the tries (the PDF's document by its path, the bell by the id kept on the line, the mail by the
 * bell's `sent`), so an investor never gets two notices of one event. The event is done (`noticesDoneAt`) once every
 * line is delivered. At most `budget` notices are tried; answers how many were tried and how many delivered.
 */
export async function deliverNotices(
  strapi: Core.Strapi,
  eventId: number,
  budget = Infinity,
): Promise<{ tried: number; delivered: number }> {
  const event = (await strapi.db.query(FUND_EVENT).findOne({
    where: { id: eventId },
    select: ['id', 'documentId', 'type', 'date', 'due_date', 'kind', 'note', 'state', 'noticesDoneAt'],
    populate: { fund: { select: ['id'] } },
  })) as (NoticeEvent & Pick<Row<typeof FUND_EVENT>, 'id' | 'state' | 'noticesDoneAt'>) | null;
  if (!event?.fund || event.state !== 'posted' || event.noticesDoneAt) return { tried: 0, delivered: 0 };
  const fund = await fundOf(strapi, event.fund.id);
  if (!fund) return { tried: 0, delivered: 0 };
  // A call's investors are its items (what each owes); a distribution's its entries.
  const uid = event.type === 'capital_call' ? CALL_ITEM : LEDGER_ENTRY;
  const table = tableOf(strapi, uid);
  const claimedAt = columnOf(strapi, uid, 'noticeClaimedAt');
  const sentAt = columnOf(strapi, uid, 'noticeSentAt');
  const unsent = { fundEvent: { id: event.id }, noticeSentAt: { $null: true } };
  const template = await notifications(strapi).template(
    event.type === 'capital_call' ? 'capital_call_posted' : 'distribution_posted',
  );
  let delivered = 0;
  let tried = 0;
  let after = 0;
  while (tried < budget) {
    const stale = new Date(Date.now() - NOTICES_RESUME_AFTER_MS);
    const batch = (await strapi.db.query(uid).findMany({
      where: {
        ...unsent,
        id: { $gt: after },
        $or: [{ noticeClaimedAt: { $null: true } }, { noticeClaimedAt: { $lt: stale } }],
      },
      select: ['id', 'amount_cents', 'noticeBellId'],
      populate: { syndUser: { select: ['id', 'documentId'] } },
      orderBy: { id: 'asc' },
      limit: Math.min(NOTICE_BATCH, budget - tried),
    })) as NoticeRow[];
    if (!batch.length) break;
    for (const line of batch) {
      after = line.id;
      const claimed = await strapi.db
        .connection(table)
        .where({ id: line.id })
        .whereNull(sentAt)
        .where((query) => query.whereNull(claimedAt).orWhere(claimedAt, '<', stale))
        .update({ [claimedAt]: new Date() });
      // Another delivery has this line: it sends its notice.
      if (!claimed) continue;
      tried += 1;
      try {
        if (line.syndUser && Number(line.amount_cents) > 0)
          await sendNotice(strapi, { event, fund, uid, template }, { ...line, syndUser: line.syndUser });
        await strapi.db
          .connection(table)
          .where({ id: line.id })
          .update({ [sentAt]: new Date() });
        if (line.syndUser && Number(line.amount_cents) > 0) delivered += 1;
      } catch (error) {
        strapi.log.error(
          `The ${event.type} notice of ${line.syndUser?.documentId ?? line.id} failed (the upkeep tries it again): ${String(error)}`,
        );
      }
    }
  }
  if (!(await strapi.db.query(uid).count({ where: unsent }))) {
    await strapi.db.query(FUND_EVENT).update({ where: { id: event.id }, data: { noticesDoneAt: new Date() } });
  }
  return { tried, delivered };
}

/** One event's delivery: the event, its fund, the type its lines are (entries or call items) and the notice's template. */
interface NoticeDelivery {
  event: NoticeEvent;
  fund: NoticeFund;
  uid: string;
  template: Awaited<ReturnType<NotificationService['template']>>;
}

/** What every notice of an event says of its fund. */
type NoticeFund = Pick<Row<typeof FUND>, 'id' | 'name' | 'wire_instructions'> & {
  company: { portal: Pick<Row<typeof PORTAL>, 'name'> | null } | null;
};

const fundOf = async (strapi: Core.Strapi, id: number) =>
  (await strapi.db.query(FUND).findOne({
    where: { id },
    select: ['id', 'name', 'wire_instructions'],
    populate: { company: { select: ['id'], populate: { portal: { select: ['name'] } } } },
  })) as NoticeFund | null;

/**
 * One investor's notice, each step once however often it is tried: the PDF among their News Documents (known by its
 * path), the bell notification (its id kept on the line, written with it) and the mail (the bell's `sent`). Throws
 * when a step fails: the line stays undelivered.
 */
async function sendNotice(
  strapi: Core.Strapi,
  { event, fund, uid, template }: NoticeDelivery,
  line: NoticeRow & { syndUser: { id: number; documentId: string } },
): Promise<void> {
  const storage = fileStorage(strapi);
  const fundName = fund.name ?? 'the fund';
  const call = event.type === 'capital_call';
  const amountCents = Number(line.amount_cents);
  const row = (await strapi.db.query(SYND_USER).findOne({
    where: { id: line.syndUser.id },
    select: ['invest_amount', 'userFirstName', 'userLastName'],
    populate: { user: { select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'] } },
  })) as
    | (Pick<Row<typeof SYND_USER>, 'invest_amount' | 'userFirstName' | 'userLastName'> & {
        user: Recipient | null;
      })
    | null;
  if (!row?.user) return;
  const title = `${call ? 'Capital call' : 'Distribution'} notice, ${event.date}`;
  const key = `notices/${event.documentId}/${line.syndUser.documentId}.pdf`;
  if (!(await strapi.db.query(NEWS_DOCUMENT).findOne({ where: { docPath: key }, select: ['id'] }))) {
    const bytes = await renderNotice({
      portalName: fund.company?.portal?.name ?? '',
      fundName,
      investorName: investorName(row),
      event,
      amountCents,
      commitment: Number(row.invest_amount ?? 0),
      wireInstructions: plainText(fund.wire_instructions),
    });
    const originalName = `${call ? 'capital-call' : 'distribution'}-notice-${event.date}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    await strapi.db.query(NEWS_DOCUMENT).create({
      data: {
        title,
        originalName,
        docPath: key,
        bucketId: storage.name,
        year: Number(event.date.slice(0, 4)),
        isDeleted: false,
        sendToAllFundInvestors: false,
        fund: fund.id,
        user: row.user.id,
      },
    });
    await recountDocuments(strapi, [row.user.id]);
  }
  const templates = notifications(strapi);
  let bell = line.noticeBellId;
  if (!bell) {
    const amount = formatUsd(amountCents / 100);
    const tags: Record<string, string> = call
      ? { fundName, amount, dueDate: event.due_date ?? event.date, documentTitle: title }
      : { fundName, amount, kind: event.kind ? KINDS[event.kind].toLowerCase() : 'distribution', documentTitle: title };
    bell = await strapi.db.transaction(async () => {
      // The call's own page (amount, due date, wire instructions, its notice, paid or not); a distribution is an entry
      // of their transactions.
      const page = call ? SITE_PATHS.capitalCall.getHref(event.documentId) : SITE_PATHS.transactions.path;
      const made = await templates.record(template, row.user!, tags, page);
      await strapi.db.query(uid).update({ where: { id: line.id }, data: { noticeBellId: made.documentId } });
      return made.documentId;
    });
  }
  await templates.mail(template, row.user, bell);
}

/** Posted events whose notices are not all delivered (an instance stopped, a mail or upload failed) since long enough: tried again now, at most NOTICES_PER_ROUND. */
export async function resumeNotices(strapi: Core.Strapi, now = Date.now()): Promise<number> {
  const stalled = (await strapi.db.query(FUND_EVENT).findMany({
    where: {
      state: 'posted',
      noticesDoneAt: { $null: true },
      posted_at: { $lt: new Date(now - NOTICES_RESUME_AFTER_MS) },
    },
    select: ['id'],
    orderBy: { id: 'asc' },
  })) as Pick<Row<typeof FUND_EVENT>, 'id'>[];
  let sent = 0;
  let budget = NOTICES_PER_ROUND;
  for (const { id } of stalled) {
    if (budget <= 0) break;
    const { tried, delivered } = await deliverNotices(strapi, id, budget);
    sent += delivered;
    budget -= tried;
  }
  return sent;
}
