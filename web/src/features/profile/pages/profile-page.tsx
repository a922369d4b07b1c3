import { COUNTRIES, isUnitedStates, maskPostalCode, PROFILE_FIELDS, US_STATES, type Me } from '@portal/rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useNotify } from '@/components/toasts/toasts';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { type ProfileValues, saveProfile, saveProfileSettings } from '../api/profile';
import { TimeZoneField } from '../components/time-zone-field';

/** The spec's message when a save fails (spec 02, section 8). */
export const SAVE_FAILED = 'Error Saving Profile Settings. Please notify administrator';

// Paths of the document pages (built with the files part of the investor area).

interface FormValues {
  profile: ProfileValues;
  timezone: string;
}

function valuesOf(me: Me, timezone: string | undefined): FormValues {
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, me[field] ?? ''])) as ProfileValues;
  return { profile, timezone: timezone ?? '' };
}

const sameProfile = (a: ProfileValues, b: ProfileValues) => PROFILE_FIELDS.every((field) => a[field] === b[field]);

function TextInput({
  label,
  value,
  onChange,
  ...input
}: { label: string; value: string; onChange: (value: string) => void } & {
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric';
  type?: 'tel' | 'text';
  maxLength?: number;
}) {
  const id = `profile-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </Form.Group>
  );
}

function FormRow({ children }: { children: ReactNode }) {
  return (
    <Row xs={1} md={2}>
      {children}
    </Row>
  );
}

/** The profile form of a signed-in user (the route guard makes sure there is one). */
function ProfileForm({ me, timezone }: { me: Me; timezone: string | undefined }) {
  const { refresh } = useSession();
  const notify = useNotify();
  const [saved, setSaved] = useState(() => valuesOf(me, timezone));
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);

  const profileChanged = !sameProfile(values.profile, saved.profile);
  const timezoneChanged = values.timezone !== saved.timezone;
  const unsaved = profileChanged || timezoneChanged;
  useLeaveGuard(unsaved);

  const isUs = isUnitedStates(values.profile.country);
  const setField = (field: keyof ProfileValues, value: string) =>
    setValues((current) => ({ ...current, profile: { ...current.profile, [field]: value } }));
  const setCountry = (country: string) =>
    setValues((current) => ({
      ...current,
      // The state belongs to the United States only: another country clears it.
      profile: { ...current.profile, country, state: isUnitedStates(country) ? current.profile.state : '' },
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!unsaved || busy) return;
    setBusy(true);
    try {
      // The form then shows what the CMS stored (trimmed), so it reads as saved.
      let next = values;
      if (profileChanged) next = valuesOf((await saveProfile(me.id, values.profile)).me, values.timezone);
      if (timezoneChanged)
        next = { ...next, timezone: (await saveProfileSettings(values.timezone)).profileSettings.timezone ?? '' };
      setSaved(next);
      setValues(next);
      notify('Profile settings saved', { variant: 'positive' });
      // The session's me and profile settings (dates across the site use the timezone) are read again.
      await refresh();
    } catch {
      notify(SAVE_FAILED, { variant: 'negative' });
    } finally {
      setBusy(false);
    }
  };

  const { profile } = values;
  return (
    <Form onSubmit={submit} noValidate aria-label="Profile settings">
      <FormRow>
        <Col>
          <TextInput
            label="Home Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={profile.homePhone}
            onChange={(value) => setField('homePhone', value)}
          />
        </Col>
        <Col>
          <TextInput
            label="Mobile Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={profile.mobilePhone}
            onChange={(value) => setField('mobilePhone', value)}
          />
        </Col>
      </FormRow>
      <FormRow>
        <Col>
          <TextInput
            label="Address 1"
            autoComplete="address-line1"
            value={profile.address1}
            onChange={(value) => setField('address1', value)}
          />
        </Col>
        <Col>
          <TextInput
            label="Address 2"
            autoComplete="address-line2"
            value={profile.address2}
            onChange={(value) => setField('address2', value)}
          />
        </Col>
      </FormRow>
      <FormRow>
        <Col>
          <TextInput
            label="City"
            autoComplete="address-level2"
            value={profile.city}
            onChange={(value) => setField('city', value)}
          />
        </Col>
        <Col>
          <Form.Group className="mb-3" controlId="profile-country">
            <Form.Label>Country</Form.Label>
            <Form.Select
              value={profile.country}
              onChange={(event) => setCountry(event.target.value)}
              autoComplete="country-name"
            >
              <option value="">Choose…</option>
              {/* A stored country the list lacks (an older record) still shows as it is. */}
              {profile.country && !COUNTRIES.includes(profile.country) && (
                <option value={profile.country}>{profile.country}</option>
              )}
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </FormRow>
      <FormRow>
        <Col>
          <Form.Group className="mb-3" controlId="profile-state">
            <Form.Label>State</Form.Label>
            <Form.Select
              value={isUs ? profile.state : ''}
              onChange={(event) => setField('state', event.target.value)}
              disabled={!isUs}
              autoComplete="address-level1"
            >
              <option value="">{isUs ? 'Choose…' : 'Only for the United States'}</option>
              {US_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col>
          <TextInput
            label="Postal Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={profile.postalCode}
            onChange={(value) => setField('postalCode', maskPostalCode(value))}
          />
        </Col>
      </FormRow>
      <TimeZoneField
        value={values.timezone}
        onChange={(timezone) => setValues((current) => ({ ...current, timezone }))}
      />
      <Button type="submit" disabled={!unsaved || busy}>
        Save
      </Button>
    </Form>
  );
}

/**
 * Account settings: contact details, address and timezone, with links to the documents, accreditation and
 * notifications pages.
 */
export function ProfilePage() {
  const { me, displayName, profileSettings } = useSession();
  return (
    <ContentLayout title="Profile">
      <p className="lead">{displayName}</p>
      <nav aria-label="Profile links" className="mb-4 d-flex flex-wrap gap-3">
        <Link to={paths.verificationDocuments.path}>Verification Documents</Link>
        <Link to={paths.accreditationStatus.path}>Change Accreditation Status</Link>
        <Link to={paths.taxDocuments.path}>Tax Documents</Link>
        <Link to={paths.notifications.path}>Notifications</Link>
      </nav>
      {me && <ProfileForm key={me.id} me={me} timezone={profileSettings.timezone} />}
    </ContentLayout>
  );
}
