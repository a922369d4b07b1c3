import { useEffect, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { formatClock, timeZoneChoices } from '../time-zones';

/** The current time, read again every second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The timezone select (empty means the device's own zone) with a preview of the time in the chosen zone that
 * moves on every second (spec 02, section 2).
 */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const now = useNow();
  // The list is fixed for the page's life; only a stored zone the platform lacks is added to it.
  const [initial] = useState(value);
  const zones = useMemo(() => timeZoneChoices(initial), [initial]);
  return (
    <Form.Group className="mb-3" controlId="profile-timezone">
      <Form.Label>Timezone</Form.Label>
      <Form.Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="profile-timezone-preview"
      >
        <option value="">Device default</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </Form.Select>
      <Form.Text id="profile-timezone-preview">
        Current time: <time>{formatClock(now, value)}</time>
      </Form.Text>
    </Form.Group>
  );
}
