import { factories, type Core } from '@strapi/strapi';
import { serviceAccessor } from '../../../utils/service';
import { agreementFiles } from './agreement-files';
import { countersigning } from './countersigning';
import { fingerprintBackfill } from './fingerprint-backfill';
import { opening } from './opening';
import { providerRefresh } from './provider-refresh';
import { signingByLink } from './signing-by-link';
import { signingLinks } from './signing-links';
import { voiding } from './voiding';
import { SIGNING } from '../../../utils/uids';

/**
 * The signing service (api::signing.signing) as its callers know it: each method is answered by the module of its job
 * (docs/signing.md), where its doc comment is.
 */
const signingService = ({ strapi }: { strapi: Core.Strapi }) => {
  const links = signingLinks(strapi);
  const opened = opening(strapi);
  const byLink = signingByLink(strapi);
  const provider = providerRefresh(strapi);
  const management = countersigning(strapi);
  const files = agreementFiles(strapi);
  const voided = voiding(strapi);
  const backfill = fingerprintBackfill(strapi);
  return {
    // The investor starts signing and finds their link.
    requestSign: opened.requestSign,
    signingUrl: links.signingUrl,
    syncSign: provider.syncSign,
    // The signer on their link.
    viewByToken: byLink.viewByToken,
    documentByToken: files.documentByToken,
    acceptDisclosure: byLink.acceptDisclosure,
    requestPaper: byLink.requestPaper,
    sendCode: byLink.sendCode,
    verifyCode: byLink.verifyCode,
    embeddedSigning: byLink.embeddedSigning,
    signByToken: byLink.signByToken,
    refreshByToken: provider.refreshByToken,
    // Management.
    waitingForManagement: management.waitingForManagement,
    countersign: management.countersign,
    countersignAllAsStaff: management.countersignAllAsStaff,
    documentToCountersign: files.documentToCountersign,
    signedDocumentForStaff: files.signedDocumentForStaff,
    // The sponsor desk's links, amendments and transfers.
    reissueLinksAsStaff: links.reissueLinksAsStaff,
    voidSigning: voided.voidSigning,
    cancelAtService: voided.cancelAtService,
    openAsStaff: opened.openAsStaff,
    mailInvestorLink: links.mailInvestorLink,
    remindSpouse: links.remindSpouse,
    discardUnsigned: voided.discardUnsigned,
    // Completed agreements.
    verifyAgreement: files.verifyAgreement,
    downloadLink: files.downloadLink,
    backfillFingerprints: backfill.backfillFingerprints,
    dropboxEvent: provider.dropboxEvent,
    linkTokenOf: links.linkTokenOf,
  };
};

export type SigningService = ReturnType<typeof signingService>;

/** The signing service, typed. */
export const signing = serviceAccessor<SigningService>(SIGNING);

export default factories.createCoreService(SIGNING, signingService);
