// The confirmation on the first view of /track?token=… after Submit (decision 091): the
// application's reference, where the tracking link was e-mailed, and what happens next,
// including the hard copies to post for the schemes chosen. The spec's success toast and
// redirect stay as they are; this panel is added beside them. It is rendered after hydration
// only (the mark is on the device), so the server-rendered page stays as it was.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { registrationForms } from '../../../schema/public-endpoints.ts';
import type { PublicRegistrationForm } from '../../../schema/registration-form-api.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { request } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { RegistrationFormDownload } from '../schemes/registration-form-download.tsx';
import { takeApplicationSent } from './application-sent.ts';
import { hardCopySchemes } from './tracking-summary.ts';

export function ApplicationSentPanel({ data }: { data: TrackingResponse }) {
  const token = data.submission.trackingToken;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (takeApplicationSent(token)) setShown(true);
  }, [token]);
  return shown ? <Confirmation data={data} /> : null;
}

type FormForScheme = { schemeName: string; form: PublicRegistrationForm };

/** The newest registration form of each chosen scheme that has one; none when offline. */
function useFormsFor(schemes: TrackingResponse['medicalAidStatuses']): FormForScheme[] {
  const [forms, setForms] = useState<FormForScheme[]>([]);
  useEffect(() => {
    let live = true;
    request(registrationForms).then(
      (list) => {
        const newest = new Map(list.map((form) => [form.schemeKey, form]));
        const chosen = schemes.flatMap((scheme) => {
          const form = newest.get(scheme.schemeKey);
          return form ? [{ schemeName: scheme.medicalAidName, form }] : [];
        });
        if (live) setForms(chosen);
      },
      () => {
        // Without the list there are simply no download buttons.
      },
    );
    return () => {
      live = false;
    };
  }, [schemes]);
  return forms;
}

function Confirmation({ data }: { data: TrackingResponse }) {
  const { postalAddress, bureauName } = usePublicConfig();
  const { submission, practitioner, medicalAidStatuses } = data;
  const heading = useRef<HTMLHeadingElement>(null);
  const forms = useFormsFor(medicalAidStatuses);
  const hardCopies = hardCopySchemes(medicalAidStatuses);
  const documentTypes = [...new Set(data.documents.map((doc) => doc.documentType))];
  const reference = (
    <span className="font-mono font-semibold whitespace-nowrap">{submission.reference}</span>
  );
  useEffect(() => heading.current?.focus(), []);

  const steps: ReactNode[] = [];
  if (hardCopies.length > 0) {
    steps.push(
      <>
        Get certified copies of these documents from a commissioner of oaths (for example at a
        police station, post office or attorney's office):
        <ul className="mt-1 list-disc pl-5">
          {documentTypes.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      </>,
    );
  }
  if (forms.length > 0) {
    steps.push(
      <>
        Download the registration form of each scheme below, print it, fill it in and sign it.
        <div className="mt-2 flex flex-col gap-3">
          {forms.map(({ schemeName, form }) => (
            <RegistrationFormDownload key={form.id} schemeName={schemeName} form={form} />
          ))}
        </div>
      </>,
    );
  }
  if ((data.postingChecklists ?? []).length > 0) {
    steps.push(
      <>
        See the posting checklist further down this page: what each of your schemes wants printed,
        signed by hand or certified, and where to post it.
      </>,
    );
  }
  if (hardCopies.length > 0 || forms.length > 0) {
    steps.push(
      <>
        Post them to us, with your reference {reference} written on the envelope and on each page:
        <address className="mt-2 rounded-md border border-green-300 bg-white p-3 not-italic dark:border-green-700 dark:bg-slate-950">
          {postalAddress.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </>,
    );
  }
  steps.push(
    hardCopies.length > 0 ? (
      <>
        We review your application and send your papers on to {hardCopies.join(', ')}. We e-mail you
        whenever its status changes.
      </>
    ) : (
      <>We review your application and documents. We e-mail you whenever its status changes.</>
    ),
    <>Follow its progress on this page at any time with the link in the e-mail.</>,
  );

  return (
    <section
      aria-labelledby="application-sent-title"
      className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950 sm:p-6 dark:border-green-700 dark:bg-green-950 dark:text-green-100"
    >
      <h2
        id="application-sent-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold outline-none"
      >
        Application sent
      </h2>
      <p className="mt-2">
        Your reference is <span className="text-lg">{reference}</span>. Quote it when you call or
        write to {bureauName}.
      </p>
      <p className="mt-2">
        We have e-mailed your tracking link to{' '}
        <strong className="block break-all">{practitioner.email}.</strong>
      </p>
      <h3 className="mt-4 font-semibold">What happens next</h3>
      <ol className="mt-2 flex list-decimal flex-col gap-3 pl-5 text-sm">
        {steps.map((step, i) => (
          // The steps are fixed for this render: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
