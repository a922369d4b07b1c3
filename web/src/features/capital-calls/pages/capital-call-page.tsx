import { formatUsd, type CapitalCallView } from '@portal/rules';
import { Link, useParams } from 'react-router-dom';
import { FileList } from '@/components/file-list/file-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Html } from '@/components/ui/html';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useCapitalCall } from '../api/capital-call';

/** Where the call stands, in words and Bootstrap's badge colour. */
function stateOf(view: CapitalCallView): { text: string; badge: string } {
  if (view.state === 'funded')
    return { text: `Funded${view.paid_on ? ` on ${formatDate(view.paid_on)}` : ''}`, badge: 'text-bg-success' };
  if (view.state === 'partly funded')
    return {
      text: `Partly funded: ${formatUsd(view.paid)} of ${formatUsd(view.amount)} received`,
      badge: 'text-bg-warning',
    };
  return { text: 'Open: waiting for your funds', badge: 'text-bg-primary' };
}

/**
 * /dashboard/capital-calls/:fundEvent (beyond the spec, docs/capital-accounts.md, The capital call page): one capital
 * call of the investor's, to pay: the amount and due date, where it stands, the fund's wire instructions and the
 * call's notice. Where the dashboard's "Please Complete" and the call's notification and mail lead.
 */
export function CapitalCallPage() {
  const { fundEvent = '' } = useParams();
  const { data, error } = useCapitalCall(fundEvent);

  if (error)
    return (
      <ContentLayout title="Capital call">
        <p role="alert">The capital call could not be loaded. Please try again later.</p>
      </ContentLayout>
    );
  if (data === undefined)
    return (
      <ContentLayout title="Capital call">
        <Spinner />
      </ContentLayout>
    );
  if (data === null)
    return (
      <ContentLayout title="Capital call">
        <p>This capital call was not found among yours.</p>
        <Link to={paths.dashboard.path}>Back to the dashboard</Link>
      </ContentLayout>
    );

  const state = stateOf(data);
  return (
    <ContentLayout title={`Capital call: ${data.fund.name}`}>
      <p>
        <span className={`badge ${state.badge} fs-6`}>{state.text}</span>
      </p>
      <dl className="row" aria-label="The call">
        <dt className="col-sm-4">Amount called</dt>
        <dd className="col-sm-8">{formatUsd(data.amount)}</dd>
        <dt className="col-sm-4">Due</dt>
        <dd className="col-sm-8">{formatDate(data.due_date)}</dd>
        <dt className="col-sm-4">Called on</dt>
        <dd className="col-sm-8">{formatDate(data.date)}</dd>
        {data.note && (
          <>
            <dt className="col-sm-4">Note</dt>
            <dd className="col-sm-8">{data.note}</dd>
          </>
        )}
      </dl>
      {data.state !== 'funded' && (
        <section aria-labelledby="wire-title" className="mb-4">
          <h2 id="wire-title" className="h5">
            Wire instructions
          </h2>
          {data.wire_instructions ? (
            <Html html={data.wire_instructions} />
          ) : (
            <p>The fund has not given wire instructions yet: please contact the sponsor.</p>
          )}
          <p className="small text-body-secondary">
            Please send {formatUsd(data.amount - data.paid)} by {formatDate(data.due_date)}. The call shows as funded
            once the sponsor confirms the money arrived.
          </p>
        </section>
      )}
      <section aria-labelledby="notice-title" className="mb-4">
        <h2 id="notice-title" className="h5">
          Notice
        </h2>
        <FileList
          files={data.notice ? [data.notice] : []}
          label="Capital call notice"
          downloadPath="profile/news_documents/download"
          paged={false}
          emptyText="The notice is on its way: it appears among your News Documents."
        />
      </section>
      <nav aria-label="More about this fund" className="d-flex flex-wrap gap-3">
        {data.fund.url_slug && <Link to={paths.syndication.getHref(data.fund.url_slug)}>The offering</Link>}
        <Link to={`${paths.transactions.path}?fund=${encodeURIComponent(data.fund.documentId)}`}>
          Your transactions in this fund
        </Link>
      </nav>
    </ContentLayout>
  );
}
