import BootstrapSpinner from 'react-bootstrap/Spinner';

/** A busy indicator announced to screen readers as 'Loading…'. */
export function Spinner() {
  return (
    <BootstrapSpinner animation="border" role="status" variant="primary">
      <span className="visually-hidden">Loading…</span>
    </BootstrapSpinner>
  );
}

/** Holds a page's place while it cannot be shown yet. */
export function PageSpinner() {
  return (
    <div className="text-center py-5">
      <Spinner />
    </div>
  );
}

/** Covers the whole window while the app cannot show anything yet. */
export function FullScreenSpinner() {
  return (
    <div className="full-screen-cover">
      <Spinner />
    </div>
  );
}
