/**
 * Field names keep the spec's spelling (`min_inv_amount`, `isExitedAsset`) because they are the contract with the
 * site; content staff read labels made from them instead. Most labels follow from the name; these do not.
 */
const LABELS: Record<string, string> = {
  min_inv_amount: 'Minimum investment',
  min_inv_amount_for_existing: 'Minimum investment for existing investors',
  max_inv_amount: 'Maximum investment',
  total_inv_amount: 'Total investment offered',
  invest_amount: 'Amount invested',
  invest_status: 'Investment decision',
  inv_amount: 'Amount invested',
  inv_type: 'Investment type',
  method_of_inv: 'Method of investment',
  num_shares: 'Number of shares',
  fund_status: 'Status override',
  funding_my_investment_description: 'Funding description',
  is_marital_state: 'Lives in a community-property state',
  ft_start_date: 'Funds transfer started',
  ft_complete_date: 'Funds transfer completed',
  sa_start_date: 'Agreement sent',
  sa_complete_date: 'Agreement completed',
  syndAgreementDropboxSignatureRequestId: 'Signature request id',
  syndAgreementDropboxSigningURL: 'Signing URL',
  syndAgreementSignedByCurrentUser: 'Signed by the investor',
  syndAgreementSignedByCurrentUserCosub: 'Signed by the co-subscriber',
  hasSyndAgreement: 'Has a signed agreement',
  syndAgreementsCount: 'Signed agreements',
  syndDocumentsCount: 'Due-diligence documents',
  syndUsersCount: 'Investors',
  syndUser: 'Investor participation',
  amount_cents: 'Amount (cents)',
  total_cents: 'Total (cents)',
  total_value_cents: 'Total value (cents)',
  value_percent: 'Value (%)',
  effective_date: 'Effective date',
  due_date: 'Due date',
  posted_at: 'Posted at',
  createdByName: 'Drafted by',
  postedByName: 'Posted by',
  recordedBy: 'Recorded by',
  fundEvent: 'Fund event',
  proofDocumentsCount: 'Proof documents',
  taxDocumentsCount: 'Tax documents',
  newsDocumentsCount: 'News documents',
  currentPercentageTotalReturned: 'Returned so far (%)',
  currentFundValuePercentage: 'Current value (%)',
  currentPercentagesUpdatedAt: 'Percentages updated',
  fundAsString: 'Fund name (when no fund is linked)',
  ownershipInfoString: 'Ownership note',
  soldInfoNote: 'Sale note',
  hasStar: 'Starred',
  listLinkHref: 'List link',
  showInUI: 'Show on the site',
  levelToRead: 'Level to read',
  levelToWrite: 'Level to write',
  isGuestSession: 'Guest session',
  guestSession: 'In a guest session',
  authCode: 'Code hash',
  code: 'Code hash',
  messageSubject: 'Subject',
  messageBody: 'Message',
  busEntityName: 'Business entity name',
  iraName: 'IRA name',
  address1: 'Address line 1',
  address2: 'Address line 2',
  confirmEmailCode: 'Email confirmation code',
  resetPasswordAt: 'Password reset requested',
  profileSettings: 'Profile settings',
  signInWithGoogleClientId: 'Google sign-in client id',
  recaptchaSiteKey: 'reCAPTCHA site key',
  isDefault: 'Default portal',
  tokenHash: 'Link code hash',
  tokenNonce: 'Link nonce',
  documentSha256: 'Document SHA-256',
  documentKey: 'Document storage key',
  providerSignatureId: 'Signature id at the signing service',
  ip: 'IP address',
  linkSentAt: 'Link sent',
  managementSignedAt: 'Countersigned by management',
  id: 'ID',
  documentId: 'Document ID',
};

/** Abbreviations inside names, spelled out (or cased) wherever they appear; 'sa doc' is the agreement document. */
const PHRASES: [RegExp, string][] = [[/\bsa doc\b/g, 'agreement']];
const WORDS: Record<string, string> = {
  url: 'URL',
  ui: 'UI',
  inv: 'investment',
  sa: 'agreement',
  doc: 'document',
  cosub: 'co-subscriber',
  synd: 'syndication',
  youtube: 'YouTube',
};

/** The words of a field name: snake_case, camelCase and digits split apart, lower-cased. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/**
 * A field's label as content staff read it: 'fund_code' -> 'Fund code', 'url_slug' -> 'URL slug',
 * 'sa_doc_template_1_id' -> 'Agreement template 1 id', 'isExitedAsset' -> 'Exited asset'.
 */
export function fieldLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  let words = wordsOf(name);
  // Booleans read as what they state: 'isPublished' -> 'Published'.
  if (words[0] === 'is' && words.length > 1) words = words.slice(1);
  const phrased = PHRASES.reduce((text, [phrase, replacement]) => text.replace(phrase, replacement), words.join(' '));
  const text = phrased
    .split(' ')
    .map((word) => WORDS[word] ?? word)
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
