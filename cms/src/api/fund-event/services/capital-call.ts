import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { CapitalCallView, FileItem } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import type { Row } from '../../../utils/rows';
import { portals } from '../../portal/services/portal';
import { CALL_ITEM, FUND_EVENT, LEDGER_ENTRY, NEWS_DOCUMENT } from '../../../utils/uids';

/** A documentId as Strapi makes them (letters and digits); anything else is no call. */
const DOCUMENT_ID = /^[a-z0-9]{1,64}$/i;

type CallEvent = Pick<Row<typeof FUND_EVENT>, 'id' | 'documentId' | 'date' | 'due_date' | 'note'> & {
  fund: {
    documentId: string;
    name: string | null;
    url_slug: string | null;
    wire_instructions: string | null;
    company: { portal: { id: number } | null } | null;
  } | null;
};
type CallItem = Pick<Row<typeof CALL_ITEM>, 'id' | 'amount_cents' | 'paymentKey'> & {
  syndUser: { documentId: string } | null;
};

const notFound = () => new errors.NotFoundError('Not found');
const day = (value: string | null | undefined) => (value ? String(value).slice(0, 10) : null);

/**
 * An investor's capital calls as they read one (docs/capital-accounts.md, The capital call page): their items of a
 * posted call of a fund of their portal, what staff confirmed received of them (the ledger's funding entries carry an
 * item's payment key), the fund's wire instructions and the notice the call sent them. Anyone else's call, a draft,
 * a distribution or another portal's: 404 'Not found', as a missing one.
 */
const capitalCallService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async show(caller: { id: number; portal?: { id: number } | null }, fundEvent: string): Promise<CapitalCallView> {
    if (!DOCUMENT_ID.test(fundEvent)) throw notFound();
    const event = (await strapi.db.query(FUND_EVENT).findOne({
      where: { documentId: fundEvent, type: 'capital_call', state: 'posted' },
      select: ['id', 'documentId', 'date', 'due_date', 'note'],
      populate: {
        fund: {
          select: ['documentId', 'name', 'url_slug', 'wire_instructions'],
          populate: { company: { select: ['id'], populate: { portal: { select: ['id'] } } } },
        },
      },
    })) as CallEvent | null;
    const portalId = (await portals(strapi).ofUser(caller))?.id;
    if (!event?.fund || portalId === undefined || event.fund.company?.portal?.id !== portalId) throw notFound();
    const items = (await strapi.db.query(CALL_ITEM).findMany({
      where: { fundEvent: event.id, syndUser: { user: caller.id } },
      select: ['id', 'amount_cents', 'paymentKey'],
      populate: { syndUser: { select: ['documentId'] } },
      orderBy: { id: 'asc' },
    })) as CallItem[];
    if (!items.length) throw notFound();

    const keys = items.map((item) => item.paymentKey).filter(Boolean);
    const payments = (await strapi.db.query(LEDGER_ENTRY).findMany({
      where: { entryKey: { $in: keys } },
      select: ['entryKey', 'amount_cents', 'effective_date'],
    })) as Pick<Row<typeof LEDGER_ENTRY>, 'entryKey' | 'amount_cents' | 'effective_date'>[];
    const paidCents = payments.reduce((sum, entry) => sum + Math.abs(Number(entry.amount_cents)), 0);
    const paidOn =
      payments
        .map((entry) => day(entry.effective_date)!)
        .sort()
        .at(-1) ?? null;
    const paidKeys = new Set(payments.map((entry) => entry.entryKey));
    const paidItems = items.filter((item) => paidKeys.has(item.paymentKey)).length;

    // Its notice, as the posting filed it among the investor's News Documents (one per commitment: the first).
    const notice = (await strapi.db.query(NEWS_DOCUMENT).findOne({
      where: {
        docPath: { $in: items.map((item) => `notices/${event.documentId}/${item.syndUser?.documentId}.pdf`) },
        user: caller.id,
        isDeleted: false,
      },
      select: ['id', 'documentId', 'originalName', 'title', 'createdAt', 'year'],
      orderBy: { id: 'asc' },
    })) as FileItem | null;

    return {
      fundEvent: event.documentId,
      fund: {
        documentId: event.fund.documentId,
        name: event.fund.name ?? 'Unknown Fund',
        url_slug: event.fund.url_slug,
      },
      date: day(event.date)!,
      due_date: day(event.due_date ?? event.date)!,
      amount: items.reduce((sum, item) => sum + Number(item.amount_cents), 0) / 100,
      state: paidItems === 0 ? 'open' : paidItems === items.length ? 'funded' : 'partly funded',
      paid: paidCents / 100,
      paid_on: paidOn,
      note: event.note ?? null,
      wire_instructions: event.fund.wire_instructions ?? null,
      notice,
    };
  },
});

export type CapitalCallService = ReturnType<typeof capitalCallService>;

/** The investor's capital calls service, typed. */
export const capitalCalls = serviceAccessor<CapitalCallService>('api::fund-event.capital-call');

export default capitalCallService;
