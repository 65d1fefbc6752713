// /track/forms?token=… (decision 092): after Submit, the practitioner's scheme registration
// forms filled from one profile. Three steps on one page: the details (kept sealed on the phone
// as they are typed, sent when saved), a preview of each form filled from them, and one
// signature stamped into every form, after which the forms are sent as documents of the
// application. Loaded only when opened: / and /track do not carry it.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { practitionerProfileSave } from '../../../schema/public-endpoints.ts';
import { schemeFormsSign } from '../../../schema/scheme-form-endpoints.ts';
import type { SchemeFormsView } from '../../../schema/scheme-forms-api.ts';
import { request } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { AttestationCard } from './attestation-card.tsx';
import { FormPreviews } from './form-previews.tsx';
import { problemText } from './problem-text.ts';
import { type KeptProfile, keepProfile } from './profile-draft.ts';
import { fieldIdOf, ProfileForm } from './profile-form.tsx';
import { checkProfile, type ProfileErrors, type ProfileInput } from './profile-input.ts';
import { ProofCode, useProof } from './proof-code.tsx';
import { type Signature, SignaturePad } from './signature-pad.tsx';
import { SignedForms } from './signed-forms.tsx';
import { SigningStopPanel, SigningStoppedNotice, useStopCode } from './signing-stop.tsx';

const route = getRouteApi('/track/forms');

type Loaded = { view: SchemeFormsView; kept: KeptProfile };
type Step = 'details' | 'preview' | 'done';

export function SchemeFormsPage() {
  usePageTitle('Your scheme forms');
  const { token = '' } = route.useSearch();
  const read = route.useLoaderData();
  const [loaded, setLoaded] = useState<Loaded | 'failed'>(
    read.status === 'found' ? { view: read.view, kept: read.kept } : 'failed',
  );
  const [step, setStep] = useState<Step>(
    read.status === 'found' && read.view.signedForms.length > 0 ? 'done' : 'details',
  );
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [signature, setSignature] = useState<Signature>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const proof = useProof(token);
  const stopCode = useStopCode();
  const [stoppedNow, setStoppedNow] = useState(false);

  const go = (next: Step) => {
    setStep(next);
    setProblem(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const change = useCallback(
    (input: ProfileInput) => {
      if (typeof loaded !== 'object') return;
      const kept = { ...loaded.kept, input };
      setLoaded({ ...loaded, kept });
      void keepProfile(token, kept).catch(() => {});
    },
    [loaded, token],
  );

  const stopped = stoppedNow || (typeof loaded === 'object' && loaded.view.stopped);
  const notices = (
    <>
      {stopCode && (
        <SigningStopPanel token={token} code={stopCode} onStopped={() => setStoppedNow(true)} />
      )}
      {stopped && !stopCode && <SigningStoppedNotice />}
      {typeof loaded === 'object' && loaded.view.attestation && (
        <AttestationCard
          token={token}
          attestation={loaded.view.attestation}
          onConfirmed={(attestation) =>
            setLoaded({ ...loaded, view: { ...loaded.view, attestation } })
          }
        />
      )}
    </>
  );

  if (loaded === 'failed') {
    return (
      <Page heading="Your scheme forms" headingRef={heading} notices={notices}>
        <Alert tone="error">
          Your forms could not be loaded. Check your connection and the link in your e-mail, then
          try again.
        </Alert>
        <BackToTracking token={token} />
      </Page>
    );
  }

  const { view, kept } = loaded;
  if (view.forms.length === 0 && view.signedForms.length === 0) {
    return (
      <Page heading="Your scheme forms" headingRef={heading} notices={notices}>
        <Alert tone="info" title="No forms to fill yet">
          None of your schemes has a form we can fill for you yet. We will fill them as the schemes'
          forms are added; there is nothing you need to do now.
        </Alert>
        <BackToTracking token={token} />
      </Page>
    );
  }

  const save = async () => {
    const checked = checkProfile(kept.input);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(fieldIdOf(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    setProblem(null);
    try {
      const saved = await request(practitionerProfileSave, {
        params: { token },
        body: checked.profile,
        headers: proof.headers(),
      });
      proof.done();
      const next = { ...kept, sentVersion: saved.version };
      setLoaded({ view: { ...view, profileVersion: saved.version }, kept: next });
      await keepProfile(token, next).catch(() => {});
      go('preview');
    } catch (error) {
      if (!proof.askedBy(error)) setProblem(problemText(error, 'Your details could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  const sign = async () => {
    if (!signature || view.profileVersion === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const signed = await request(schemeFormsSign, {
        params: { token },
        body: {
          profileVersion: view.profileVersion,
          formIds: view.forms.map((form) => form.formId),
          signaturePng: signature.png,
        },
        headers: proof.headers(),
      });
      proof.done();
      setLoaded({ view: signed, kept });
      go('done');
    } catch (error) {
      if (!proof.askedBy(error)) setProblem(problemText(error, 'The forms could not be signed.'));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done') {
    return (
      <Page heading="Your signed scheme forms" headingRef={heading} notices={notices}>
        <SignedForms forms={view.signedForms} />
        {view.forms.length > 0 && (
          <Button variant="secondary" onPress={() => go('details')} className="self-start">
            Change my details and sign again
          </Button>
        )}
        <BackToTracking token={token} />
      </Page>
    );
  }

  if (step === 'preview') {
    const count = view.forms.length;
    return (
      <Page heading="Check and sign your forms" headingRef={heading} notices={notices}>
        <FormPreviews
          token={token}
          forms={view.forms}
          input={kept.input}
          onEdit={() => go('details')}
        />
        <Card aria-labelledby="sign-title">
          <CardTitle id="sign-title">Sign once for every form</CardTitle>
          <div className="mt-3">
            <SignaturePad onChange={setSignature} />
          </div>
          {problem && (
            <div className="mt-3">
              <Alert tone="error">{problem}</Alert>
            </div>
          )}
          <div className="mt-3">
            <ProofCode proof={proof} action="Sign and send" />
          </div>
          <Button onPress={sign} isDisabled={busy || !signature || stopped} className="mt-4">
            {busy ? 'Signing…' : `Sign and send ${count === 1 ? 'the form' : `all ${count} forms`}`}
          </Button>
        </Card>
      </Page>
    );
  }

  return (
    <Page heading="Save time: we fill your scheme forms" headingRef={heading} notices={notices}>
      <p className="text-slate-700 dark:text-slate-200">
        Type these details once and we fill the registration form of{' '}
        {view.forms.length === 1 ? 'your scheme' : `each of your ${view.forms.length} schemes`} for
        you. They stay on this phone, locked, until you save them; your bank details are never
        e-mailed.
      </p>
      <ProfileForm
        input={kept.input}
        errors={errors}
        busy={busy}
        problem={problem}
        fromIdNumber={kept.fromIdNumber === true}
        onChange={change}
        onSubmit={save}
        proof={<ProofCode proof={proof} action="Save and fill my forms" />}
      />
    </Page>
  );
}

function Page({
  heading,
  headingRef,
  notices,
  children,
}: {
  heading: string;
  headingRef: React.Ref<HTMLHeadingElement>;
  /** "This was not me" and a stop in force: shown above every step. */
  notices: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {heading}
      </h1>
      {notices}
      {children}
    </div>
  );
}

function BackToTracking({ token }: { token: string }) {
  return (
    <Link
      to="/track"
      search={{ token }}
      className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
    >
      Back to your application
    </Link>
  );
}
