// The way in to the scheme forms filled from one profile (decision 092): asked after Submit,
// here, so the spec's wizard stays as it is. The page itself loads only when opened.
import { Link } from '@tanstack/react-router';
import { Alert } from '../../ui/alert.tsx';

export function SchemeFormsInvite({ token }: { token: string }) {
  return (
    <Alert tone="info" title="Save time: we can fill your scheme forms for you">
      <p>
        Type your practice and bank details once; we fill each scheme's registration form and you
        sign them all at once on this phone.{' '}
        <Link
          to="/track/forms"
          search={{ token }}
          className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          Fill my scheme forms
        </Link>
      </p>
    </Alert>
  );
}
