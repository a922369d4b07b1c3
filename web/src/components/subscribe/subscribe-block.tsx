import { type FormEvent, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import BootstrapSpinner from 'react-bootstrap/Spinner';
import { useNotify } from '@/components/toasts/toasts';
import { usePortal } from '@/lib/portal/portal-context';
import { useFittedFontSize } from './fit-font-size';
import { subscribeToNewsletter } from './subscribe-api';
import './subscribe.css';

const SUBSCRIBE_HEADING = 'Subscribe to our newsletter';
/** The spec's label once subscribed, misspelt exactly as the spec has it. */
const SUBSCRIBED_LABEL = 'Subscibed';
const SUBSCRIBE_ERROR = 'Error subscribing';
/** The spec's heading: it starts at 100 px and shrinks until it is no taller than 100 px. */
export const HEADING_MAX_FONT_PX = 100;
const HEADING_MAX_HEIGHT_PX = 100;

type SubscribeState = 'idle' | 'loading' | 'subscribed';

const BUTTON_LABELS: Record<SubscribeState, string> = {
  idle: 'Subscribe',
  loading: 'Subscribing…',
  subscribed: SUBSCRIBED_LABEL,
};

/** The newsletter sign-up: an email address and a button, with no check of the address before it is sent. */
export function SubscribeBlock() {
  const { selectedSlug } = usePortal();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SubscribeState>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  useFittedFontSize(heading, HEADING_MAX_FONT_PX, HEADING_MAX_HEIGHT_PX);
  const headingId = useId();
  const inputId = useId();

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    setState('loading');
    const subscribed = await subscribeToNewsletter(email, selectedSlug);
    setState(subscribed ? 'subscribed' : 'idle');
    if (!subscribed) notify(SUBSCRIBE_ERROR, { variant: 'negative' });
  };

  const busyOrDone = state !== 'idle';
  return (
    <section className="subscribe-block py-5" aria-labelledby={headingId}>
      <Container>
        <h2 ref={heading} id={headingId} className="subscribe-heading mb-4">
          {SUBSCRIBE_HEADING}
        </h2>
        {/* noValidate: the spec checks no address before sending it; the server judges it. */}
        <Form noValidate onSubmit={subscribe} className="subscribe-form">
          <Form.Label htmlFor={inputId} visuallyHidden>
            Email
          </Form.Label>
          <InputGroup>
            <Form.Control
              id={inputId}
              type="email"
              placeholder="Your email address"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={busyOrDone}
            />
            <Button type="submit" variant="primary" disabled={busyOrDone}>
              {state === 'loading' && <BootstrapSpinner animation="border" size="sm" className="me-2" aria-hidden />}
              {BUTTON_LABELS[state]}
            </Button>
          </InputGroup>
        </Form>
      </Container>
    </section>
  );
}
