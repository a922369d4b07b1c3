import type { StatementVerdict } from '@portal/rules';
import { FingerprintCheck } from '@/components/fingerprint-check/fingerprint-check';
import { ContentLayout } from '@/components/layouts/content-layout';
import { api, ApiError } from '@/lib/api-client';
import { usePortal } from '@/lib/portal/portal-context';

/**
 * Whether `portal` issued the statement of `sha256`: who issued it, when, for whose initials; null when the CMS says
 * it is unknown (404). Any other failure (the CMS unreachable, a 429, a 500) throws: the check could not be made.
 */
async function checkStatement(sha256: string, portal: string) {
  try {
    const verdict = await api.read<StatementVerdict>(
      `/api/statements/verify/${sha256}`,
      { portal },
      { withSession: false },
    );
    return verdict?.valid
      ? `Issued by ${verdict.portal} on ${verdict.issuedAt.slice(0, 10)} for ${verdict.investorInitials}`
      : null;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return null;
    throw failure;
  }
}

/**
 * /statements/verify (public): anyone holding a capital account statement checks that this portal issued it (another
 * portal's statement is unknown here), by choosing the file (hashed in the browser) or pasting its SHA-256. The
 * answer says only who issued it, when, and for whose initials; a changed copy has another fingerprint and is unknown.
 */
export function VerifyStatementPage() {
  const { selectedSlug } = usePortal();
  return (
    <ContentLayout title="Verify a Statement">
      <p>
        Drop or choose a capital account statement this portal issued, or paste its SHA-256 fingerprint. The file stays
        on your device.
      </p>
      <FingerprintCheck
        fileLabel="Statement (PDF)"
        check={(sha256) => checkStatement(sha256, selectedSlug)}
        unknown="Unknown: this portal issued no statement with this fingerprint"
      />
    </ContentLayout>
  );
}
