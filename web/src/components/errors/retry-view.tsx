import Button from 'react-bootstrap/Button';

interface RetryViewProps {
  message: string;
  onRetry: () => void;
  /** Covers the whole window when nothing else can be shown (no portal yet). */
  fullScreen?: boolean;
}

/** A failure the user can do something about: what went wrong and a 'Try again' button. */
export function RetryView({ message, onRetry, fullScreen = false }: RetryViewProps) {
  return (
    <div className={fullScreen ? 'full-screen-cover' : 'text-center py-5'}>
      <div role="alert" className="text-center">
        <p className="mb-3">{message}</p>
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
