import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * What follows the investor's signature, for an investor without a session (on their link's page, or on the signature
 * success page opened signed out): who signs next, the mail at the end, and a way in to follow the investment.
 */
export function InvestorNextSteps() {
  return (
    <>
      <p>
        What happens next: if your spouse co-signs the agreement, we email them their own link to sign; then the
        sponsor&apos;s management countersigns. You will get an email when the agreement is complete.
      </p>
      <p>
        <Link to={paths.dashboard.path}>Sign in to follow your investment</Link>
      </p>
    </>
  );
}
