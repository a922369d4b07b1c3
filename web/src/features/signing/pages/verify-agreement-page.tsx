import { FingerprintCheck } from '@/components/fingerprint-check/fingerprint-check';
import { ContentLayout } from '@/components/layouts/content-layout';
import { usePortal } from '@/lib/portal/portal-context';
import { verifyAgreement } from '../api/signing';

/**
 * /agreements/verify (public): anyone holding a completed subscription agreement (a counterparty's lawyer, a bank)
 * checks that this portal issued it, by choosing the file (hashed in the browser, never sent) or pasting its SHA-256.
 * The answer says only when it was completed and the signers' initials; a copy with additions made after the seal
 * (its sealed revision still its first bytes) is told so, any other changed copy is unknown.
 */
export function VerifyAgreementPage() {
  const { selectedSlug } = usePortal();
  const check = async (sha256: string) => {
    const verdict = await verifyAgreement(sha256, selectedSlug);
    return verdict
      ? `Issued by ${verdict.portal}: completed on ${verdict.completedAt.slice(0, 10)}, signed by ${verdict.signerInitials.join(', ')}${
          verdict.superseded
            ? `. Superseded on ${verdict.supersededAt?.slice(0, 10)}: the commitment was amended and a new agreement replaces this one.`
            : ''
        }`
      : null;
  };
  return (
    <ContentLayout title="Verify an Agreement">
      <p>
        Drop or choose a completed subscription agreement this portal issued, or paste its SHA-256 fingerprint. The file
        stays on your device.
      </p>
      <FingerprintCheck
        fileLabel="Agreement (PDF)"
        check={check}
        unknown="Unknown: this portal issued no agreement with this fingerprint"
        earlierRevisions
      />
    </ContentLayout>
  );
}
