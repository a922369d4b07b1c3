import type { Level } from '@portal/rules';
import type { ComponentType, ReactNode } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthGuard, RedirectWhenSignedIn } from '@/components/guards/auth-guard';
import { MainLayout } from '@/components/layouts/main-layout';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal/portal-context';
import { lazyPage } from './lazy-page';
import { RouteError } from './routes/route-error';

const HomePage = lazyPage(() => import('@/features/home/pages/home-page').then((module) => module.HomePage));
const WelcomePage = lazyPage(() => import('@/features/home/pages/home-page').then((module) => module.WelcomePage));
const TeamPage = lazyPage(() => import('@/features/team/pages/team-page').then((module) => module.TeamPage));
const ContactPage = lazyPage(() =>
  import('@/features/contact/pages/contact-page').then((module) => module.ContactPage),
);
const PortfolioPage = lazyPage(() =>
  import('@/features/portfolio/pages/portfolio-page').then((module) => module.PortfolioPage),
);
const EducationPage = lazyPage(() =>
  import('@/features/education/pages/education-page').then((module) => module.EducationPage),
);
const NewsPage = lazyPage(() => import('@/features/education/pages/education-page').then((module) => module.NewsPage));
const EducationItemPage = lazyPage(() =>
  import('@/features/education/pages/education-item-page').then((module) => module.EducationItemPage),
);
const PrivacyPolicyPage = lazyPage(() =>
  import('@/features/legal/pages/legal-pages').then((module) => module.PrivacyPolicyPage),
);
const TermsOfUsePage = lazyPage(() =>
  import('@/features/legal/pages/legal-pages').then((module) => module.TermsOfUsePage),
);
const DashboardPage = lazyPage(() =>
  import('@/features/dashboard/pages/dashboard-page').then((module) => module.DashboardPage),
);
const InvestmentSummaryPage = lazyPage(() =>
  import('@/features/dashboard/pages/investment-summary-page').then((module) => module.InvestmentSummaryPage),
);
const TransactionsPage = lazyPage(() =>
  import('@/features/transactions/pages/transactions-page').then((module) => module.TransactionsPage),
);
const CapitalCallPage = lazyPage(() =>
  import('@/features/capital-calls/pages/capital-call-page').then((module) => module.CapitalCallPage),
);
const VerifyStatementPage = lazyPage(() =>
  import('@/features/statements/pages/verify-statement-page').then((module) => module.VerifyStatementPage),
);
const SyndicationPage = lazyPage(() =>
  import('@/features/syndication/pages/syndication-page').then((module) => module.SyndicationPage),
);
const SyndicationSuccessPage = lazyPage(() =>
  import('@/features/syndication/pages/syndication-success-page').then((module) => module.SyndicationSuccessPage),
);
const SignPage = lazyPage(() => import('@/features/signing/pages/sign-page').then((module) => module.SignPage));
const VerifyAgreementPage = lazyPage(() =>
  import('@/features/signing/pages/verify-agreement-page').then((module) => module.VerifyAgreementPage),
);
const CountersignPage = lazyPage(() =>
  import('@/features/management/pages/countersign-page').then((module) => module.CountersignPage),
);
const ProfilePage = lazyPage(() =>
  import('@/features/profile/pages/profile-page').then((module) => module.ProfilePage),
);
const NotificationsPage = lazyPage(() =>
  import('@/features/notifications/pages/notifications-page').then((module) => module.NotificationsPage),
);
const TaxDocumentsPage = lazyPage(() =>
  import('@/features/documents/pages/tax-documents-page').then((module) => module.TaxDocumentsPage),
);
const VerificationDocumentsPage = lazyPage(() =>
  import('@/features/documents/pages/verification-documents-page').then((module) => module.VerificationDocumentsPage),
);
const NewsDocumentsPage = lazyPage(() =>
  import('@/features/documents/pages/news-documents-page').then((module) => module.NewsDocumentsPage),
);
const AccreditationStatusPage = lazyPage(() =>
  import('@/features/accreditation/pages/accreditation-status-page').then((module) => module.AccreditationStatusPage),
);
const ConfirmEmailPage = lazyPage(() =>
  import('@/features/auth/pages/confirm-email-page').then((module) => module.ConfirmEmailPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('@/features/auth/pages/reset-password-page').then((module) => module.ResetPasswordPage),
);
const GuestSessionPage = lazyPage(() =>
  import('@/features/auth/pages/guest-session-page').then((module) => module.GuestSessionPage),
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page').then((module) => module.NotFoundPage));

/** A page and who may see it: the spec's authRequired and requiredAuthLevel (user unless said otherwise). */
interface PageRoute {
  path: string;
  page: ComponentType;
  authRequired?: boolean;
  requiredAuthLevel?: Level;
  /** The portals that have the page (slugs); any other portal gets the not-found page. All when unset. */
  portals?: readonly string[];
}

function OnlyOnPortals({ portals, children }: { portals: readonly string[]; children: ReactNode }) {
  const { selectedSlug } = usePortal();
  return portals.includes(selectedSlug) ? children : <NotFoundPage />;
}

const pages: PageRoute[] = [
  { path: paths.homepage.path, page: HomePage },
  { path: paths.welcome.path, page: WelcomePage, portals: ['wasabistallions'] },
  { path: paths.about.path, page: TeamPage },
  { path: paths.contact.path, page: ContactPage },
  { path: paths.portfolio.path, page: PortfolioPage },
  { path: paths.education.path, page: EducationPage },
  { path: paths.news.path, page: NewsPage },
  { path: paths.educationItem.path, page: EducationItemPage },
  { path: paths.privacyPolicy.path, page: PrivacyPolicyPage },
  { path: paths.termsOfUse.path, page: TermsOfUsePage },
  { path: paths.dashboard.path, page: DashboardPage, authRequired: true, requiredAuthLevel: 'user' },
  { path: paths.investmentSummary.path, page: InvestmentSummaryPage, authRequired: true, requiredAuthLevel: 'user' },
  { path: paths.transactions.path, page: TransactionsPage, authRequired: true, requiredAuthLevel: 'user' },
  { path: paths.capitalCall.path, page: CapitalCallPage, authRequired: true, requiredAuthLevel: 'user' },
  { path: paths.syndication.path, page: SyndicationPage, authRequired: true, requiredAuthLevel: 'user' },
  // Public (spec 02): the signer may land here from a signing page without a session.
  { path: paths.syndicationSuccess.path, page: SyndicationSuccessPage },
  // Public: the mailed link's token is the signer's key.
  { path: paths.sign.path, page: SignPage },
  { path: paths.verifyStatement.path, page: VerifyStatementPage },
  { path: paths.verifyAgreement.path, page: VerifyAgreementPage },
  { path: paths.countersign.path, page: CountersignPage, authRequired: true, requiredAuthLevel: 'admin' },
  { path: paths.profile.path, page: ProfilePage, authRequired: true, requiredAuthLevel: 'user' },
  // Beyond the spec: every notification, for whoever has the bell (a guest session too).
  { path: paths.notifications.path, page: NotificationsPage, authRequired: true, requiredAuthLevel: 'guest' },
  { path: paths.taxDocuments.path, page: TaxDocumentsPage, authRequired: true, requiredAuthLevel: 'user' },
  {
    path: paths.verificationDocuments.path,
    page: VerificationDocumentsPage,
    authRequired: true,
    requiredAuthLevel: 'user',
  },
  { path: paths.newsDocuments.path, page: NewsDocumentsPage, authRequired: true, requiredAuthLevel: 'user' },
  {
    path: paths.accreditationStatus.path,
    page: AccreditationStatusPage,
    authRequired: true,
    requiredAuthLevel: 'user',
  },
  { path: paths.confirmEmail.path, page: ConfirmEmailPage },
  { path: paths.resetPassword.path, page: ResetPasswordPage },
  { path: paths.guestSession.path, page: GuestSessionPage },
  { path: paths.notFound.path, page: NotFoundPage },
];

const routes: RouteObject[] = [
  {
    element: (
      <MainLayout>
        <Outlet />
      </MainLayout>
    ),
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home.path,
        element: (
          <RedirectWhenSignedIn to={paths.dashboard.path}>
            <HomePage />
          </RedirectWhenSignedIn>
        ),
      },
      ...pages.map(({ path, page: Page, authRequired = false, requiredAuthLevel = 'user', portals }) => ({
        path,
        element: (
          <AuthGuard authRequired={authRequired} requiredAuthLevel={requiredAuthLevel}>
            {portals ? (
              <OnlyOnPortals portals={portals}>
                <Page />
              </OnlyOnPortals>
            ) : (
              <Page />
            )}
          </AuthGuard>
        ),
      })),
    ],
  },
];

/** History-mode navigation under the configured base path. */
export function createAppRouter() {
  return createBrowserRouter(routes, {
    basename: env.basePath,
    // React Router 7's behaviour now, so the later move to it changes nothing.
    future: {
      v7_fetcherPersist: true,
      v7_normalizeFormMethod: true,
      v7_partialHydration: true,
      v7_relativeSplatPath: true,
      v7_skipActionErrorRevalidation: true,
    },
  });
}
