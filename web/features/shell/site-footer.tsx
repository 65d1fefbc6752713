// The shared footer (docs/product.md#screens-and-routes): the POPIA sentence, Terms & POPIA and
// Support links, the
// support e-mail, the postal address block and the legal disclaimer
// (docs/product.md#who-it-is-for).
import { Link } from '@tanstack/react-router';
import { usePublicConfig } from '../../lib/public-config.ts';
import { supportMailto } from '../../lib/support-mail.ts';
import { ShieldIcon } from '../../ui/icons.tsx';
import { LegalDisclaimer } from './legal-disclaimer.tsx';
import { usePageWidthClass } from './page-width.ts';

const footerLink =
  'inline-flex min-h-11 items-center rounded-md font-medium text-teal-800 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300';

export function SiteFooter() {
  const { supportEmail, bureauName, postalAddress } = usePublicConfig();
  const width = usePageWidthClass();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 print:hidden dark:border-slate-800 dark:bg-slate-900">
      <div className={`mx-auto grid gap-6 px-4 py-8 text-sm sm:grid-cols-2 ${width}`}>
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 text-slate-700 dark:text-slate-200">
            <ShieldIcon className="mt-0.5 shrink-0 text-teal-700 dark:text-teal-300" />
            <span>
              Protected by POPIA compliance standards. Your data is encrypted and stored securely.
            </span>
          </p>
          <ul className="flex flex-wrap gap-x-4">
            <li>
              <Link to="/legal" className={footerLink}>
                Terms &amp; POPIA
              </Link>
            </li>
            <li>
              <a href={supportMailto(supportEmail)} className={footerLink}>
                Support
              </a>
            </li>
          </ul>
        </div>
        <div className="flex flex-col gap-2 text-slate-700 dark:text-slate-200">
          <p>
            Support e-mail:{' '}
            <a href={`mailto:${supportEmail}`} className={footerLink}>
              {supportEmail}
            </a>
          </p>
          <address className="not-italic" aria-label="Postal address">
            {postalAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:col-span-2 dark:border-slate-700">
          <LegalDisclaimer bureauName={bureauName} />
          <p className="text-xs text-slate-600 dark:text-slate-300">
            © {new Date().getFullYear()} {bureauName}
          </p>
        </div>
      </div>
    </footer>
  );
}
