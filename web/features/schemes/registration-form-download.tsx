// A scheme's registration form, offered in words: what it is, that it is a PDF, and what to
// do with it (docs/product.md#screens-and-routes). The download itself is registration-forms.ts.
import type { PublicRegistrationForm } from '../../../schema/registration-form-api.ts';
import { Button } from '../../ui/button.tsx';
import { downloadRegistrationForm } from './registration-forms.ts';

export function RegistrationFormDownload({
  schemeName,
  form,
}: {
  schemeName: string;
  form: PublicRegistrationForm;
}) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" onPress={() => downloadRegistrationForm(form)}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
        </svg>
        Download {schemeName} registration form (PDF)
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Print it, fill it in and sign it, then post it to us with your certified copies.
      </p>
    </div>
  );
}
