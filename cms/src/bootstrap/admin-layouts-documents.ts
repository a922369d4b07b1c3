import type { Layout } from './admin-layouts';

const PRIVATE_FILE =
  'Pick or upload the file here; on save it moves to the private storage and leaves the media library.';
const DOC_PATH =
  'Where the file is kept in the private storage; set by the CMS from the file uploaded above, never typed.';
/** Tax and news documents: for one investor, or for every investor of a fund. */
const INVESTOR_DOCUMENT: Record<string, string> = {
  file: `${PRIVATE_FILE} Investors download it through a five-minute link.`,
  user: 'The investor this document is for; leave empty to send it to every investor of the fund below.',
  sendToAllFundInvestors:
    'With a fund and no user: on save, every investor with an accepted investment in the fund gets their own copy and a notification.',
  docPath: DOC_PATH,
};

/** How content staff see the documents kept for investors (proofs of accreditation, tax and news documents, fund documents) and their downloads. Bump LAYOUT_VERSION (admin-layouts.ts) to re-apply after a change. */
export const DOCUMENT_LAYOUTS: Record<string, Layout> = {
  'api::proof-document.proof-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'user', 'createdAt', 'reviewedAt'],
    descriptions: {
      reviewedBy:
        'The staff member who reviewed this proof of accreditation (set from the sponsor desk’s Investors tab).',
      reviewedAt: 'When it was reviewed; empty while nobody has.',
    },
  },
  'api::tax-document.tax-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'year', 'user', 'fund'],
    descriptions: INVESTOR_DOCUMENT,
  },
  'api::synd-document.synd-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'fund', 'createdAt'],
    descriptions: {
      file: `${PRIVATE_FILE} Every signed-in investor of the fund’s portal can download it.`,
      docPath: DOC_PATH,
    },
  },
  'api::news-document.news-document': {
    mainField: 'title',
    list: ['title', 'year', 'user', 'fund'],
    descriptions: INVESTOR_DOCUMENT,
  },
  'api::file-download.file-download': {
    mainField: 'fileName',
    list: ['fileName', 'kind', 'user', 'fund', 'guestSession', 'createdAt'],
    descriptions: {
      fileName: 'Written by the CMS each time an investor downloads a document; nobody can change it.',
      fileId: 'Id of the document row (of the kind shown) that was downloaded.',
      ip: 'The address the download was asked from.',
      guestSession: 'On when a superadmin downloaded it in a guest session, looking at the site as this investor.',
    },
  },
};
