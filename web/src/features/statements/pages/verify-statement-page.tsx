import { FingerprintCheck } from '@/components/fingerprint-check/fingerprint-check';
import { ContentLayout } from '@/components/layouts/content-layout';
import { api } from '@/lib/api-client';

interface Verdict {
  valid: true;
  issuedAt: string;
  portal: string;
  investorInitials: string;
}

/** Whether this portal issued the statement of `sha256`: who issued it, when, for whose initials; null when unknown. */
async function checkStatement(sha256: string) {
  const verdict = await api.get<Verdict>(`/api/statements/verify/${sha256}`, undefined, { withSession: false });
  return verdict?.valid ? `Issued by ${verdict.portal} on ${verdict.issuedAt.slice(0, 10)} for ${verdict.investorInitials}` : null;
}

/**
 * /statements/verify (public): anyone holding a capital account statement checks that this portal issued it, by
 * choosing the file (hashed in the browser) or pasting its SHA-256. The answer says only who issued it, when, and
 * for whose initials; a changed copy has another fingerprint and is unknown.
 */
export function VerifyStatementPage() {
  return (
    <ContentLayout title="Verify a Statement">
      <p>Choose a capital account statement this portal issued, or paste its SHA-256 fingerprint. The file stays on your device.</p>
      <FingerprintCheck fileLabel="Statement (PDF)" check={checkStatement} unknown="Unknown: this portal issued no statement with this fingerprint" />
    </ContentLayout>
  );
}
