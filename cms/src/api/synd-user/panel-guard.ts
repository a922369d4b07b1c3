import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldLabel } from '../../utils/field-label';

const SYND_USER = 'api::synd-user.synd-user';
const PROOF_DOCUMENT = 'api::proof-document.proof-document';
const TAX_DOCUMENT = 'api::tax-document.tax-document';
const FUND = 'api::fund.fund';
const VALUATION = 'api::valuation.valuation';

type Kind = 'datetime' | 'boolean' | 'integer' | 'number' | 'text';

/**
 * The fields only the code that owns them writes (docs/sponsor-desk.md, Who may do what): the investor's decision and
 * signatures (the syndication and signing services), countersigning and funding (the desk, with its seal and ledger
 * entry), reminders (the desk) and proof reviews (the desk, with who reviewed). Set in the panel they would make a
 * commitment countersigned or funded with no seal, no ledger entry and no record. A fund's Current value (%) is the
 * spec's figure staff type in until the fund has a valuation; from then on the newest valuation sets it
 * (docs/capital-accounts.md): owned only then (OWNED_WHEN).
 */
const OWNED_FIELDS: Record<string, Record<string, Kind>> = {
  [SYND_USER]: {
    invest_status: 'text',
    sa_start_date: 'datetime',
    sa_complete_date: 'datetime',
    syndAgreementDropboxSignatureRequestId: 'text',
    syndAgreementDropboxSigningURL: 'text',
    syndAgreementSignedByCurrentUser: 'boolean',
    syndAgreementSignedByCurrentUserCosub: 'boolean',
    managementSignedAt: 'datetime',
    hasSyndAgreement: 'boolean',
    syndAgreementsCount: 'integer',
    ft_start_date: 'datetime',
    ft_complete_date: 'datetime',
    lastRemindedAt: 'datetime',
  },
  [PROOF_DOCUMENT]: { reviewedBy: 'text', reviewedAt: 'datetime' },
  [FUND]: { currentFundValuePercentage: 'number' },
};

/**
 * Fields owned only while a stored row is so (a new row, made or cloned, is not yet), with the refusal saying where the
 * value is set instead.
 */
const OWNED_WHEN: Record<string, { holds: (strapi: Core.Strapi, id: number) => Promise<boolean>; refusal: (field: string) => string }> = {
  [FUND]: {
    holds: async (strapi, id) => (await strapi.db.query(VALUATION).count({ where: { fund: { id } } })) > 0,
    refusal: (field) => `${fieldLabel(field)} follows this fund's newest valuation: record a valuation on the sponsor desk (Capital accounts) instead of editing it here`,
  },
};

/** One value as the database and the panel's form may each spell it: a date as its time, a decimal as its number, no answer as empty. */
function comparable(kind: Kind, value: unknown): string | number | boolean | null {
  if (kind === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (value === null || value === undefined || value === '') return kind === 'integer' ? 0 : null;
  if (kind === 'datetime') return new Date(value as string).getTime() || String(value);
  return kind === 'integer' || kind === 'number' ? Number(value) : String(value);
}

/** A relation in a write's data that links something: an id, an object, or connect/set with entries (not null, not empty lists). */
function links(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value !== 'object') return true;
  const { connect, set } = value as { connect?: unknown[]; set?: unknown[] };
  if (connect === undefined && set === undefined) return !('disconnect' in value);
  return Boolean(connect?.length || set?.length);
}

const fromPanel = (strapi: Core.Strapi) => Boolean(strapi.requestContext.get()?.path?.startsWith('/content-manager/'));

/**
 * Writes made in the admin panel (the content manager, whatever the role, the super admin's too) never set the
 * fields OWNED_FIELDS names: a create or clone may leave them empty, an edit may send them unchanged (the panel's
 * form sends every field), any other value is refused with a 403 naming the field (a PolicyError: Strapi
 * keeps its message where it answers a bare 'Forbidden' for other 403s). A tax document the desk issued
 * for a K-1 schedule is neither changed nor deleted there, and none is linked to a schedule by hand (the schedule
 * counts its partners' documents): such a K-1 is replaced on the desk. Other staff documents keep their panel flow
 * (docs/api-files.md). A valued fund's Current value (%) is the desk's too (OWNED_WHEN). The desk, the signing and the
 * seeds write with the query engine or outside the panel.
 */
export function registerPanelGuard(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const owned = OWNED_FIELDS[context.uid];
    if ((!owned && context.uid !== TAX_DOCUMENT) || !['create', 'update', 'clone', 'delete'].includes(context.action) || !fromPanel(strapi)) return next();
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    const data = params.data ?? {};
    if (context.uid === TAX_DOCUMENT) {
      const issued = params.documentId
        ? await strapi.db.query(TAX_DOCUMENT).count({ where: { documentId: params.documentId, taxSchedule: { id: { $notNull: true } } } })
        : 0;
      if (issued) throw new errors.PolicyError('This tax document was issued on the sponsor desk for a tax year: replace it there');
      if (context.action !== 'delete' && links(data.taxSchedule)) throw new errors.PolicyError('Tax documents are issued for a tax year on the sponsor desk, not linked to it here');
      return next();
    }
    if (context.action === 'delete') return next();
    const fields = Object.keys(owned);
    const stored = params.documentId && context.action !== 'create'
      ? ((await strapi.db.query(context.uid).findOne({ where: { documentId: params.documentId }, select: ['id', ...fields] })) as Record<string, unknown> | null) ?? {}
      : {};
    // An edit compares with what is stored; a new row (a clone takes its source's values) with nothing.
    const after = context.action === 'clone' ? { ...stored, ...data } : data;
    const before = context.action === 'update' ? stored : {};
    const changed = fields.find((field) => field in after && comparable(owned[field], after[field]) !== comparable(owned[field], before[field]));
    if (!changed) return next();
    const when = OWNED_WHEN[context.uid];
    if (!when) throw new errors.PolicyError(`${fieldLabel(changed)} is set by the sponsor desk or the signing, not in the admin panel`);
    if (context.action === 'update' && typeof stored.id === 'number' && (await when.holds(strapi, stored.id))) throw new errors.PolicyError(when.refusal(changed));
    return next();
  });
}
