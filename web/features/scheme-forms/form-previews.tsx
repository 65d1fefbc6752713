// The preview step: each of the application's scheme forms, filled on the server from the
// profile the phone holds, opened as the PDF itself (the phone's own viewer shows it page by
// page), with the profile fields it takes listed so every value can be traced to the details
// typed (and changed there).
import { useEffect, useState } from 'react';
import { PROFILE_FIELDS } from '../../../schema/profile-fields.ts';
import { schemeFormPreview } from '../../../schema/scheme-form-endpoints.ts';
import type { SchemeFormToFill } from '../../../schema/scheme-forms-api.ts';
import { urlOf } from '../../lib/api-client.ts';
import { errorFrom } from '../../lib/api-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { problemText } from './problem-text.ts';
import { type ProfileInput, profileBody } from './profile-input.ts';

const labelOf = new Map<string, string>(PROFILE_FIELDS.map((field) => [field.key, field.label]));

type Preview =
  | { status: 'idle' | 'filling' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; message: string };

function FormPreview({
  token,
  form,
  input,
}: {
  token: string;
  form: SchemeFormToFill;
  input: ProfileInput;
}) {
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });
  const url = preview.status === 'ready' ? preview.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const fill = async () => {
    setPreview({ status: 'filling' });
    try {
      const response = await fetch(
        urlOf(schemeFormPreview, {
          params: { token, formId: form.formId },
          body: undefined as never,
        }),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(profileBody(input)),
        },
      );
      if (!response.ok) throw await errorFrom(response);
      setPreview({ status: 'ready', url: URL.createObjectURL(await response.blob()) });
    } catch (error) {
      setPreview({
        status: 'failed',
        message: problemText(error, 'The form could not be filled.'),
      });
    }
  };

  const fields = form.profileFields.filter((key) => key !== 'signature');
  const titleId = `form-${form.formId}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{form.schemeName}</CardTitle>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{form.fileName}</p>
      <p className="mt-3 text-sm">Filled from your details:</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
        {fields.map((key) => (
          <li key={key}>{labelOf.get(key) ?? key}</li>
        ))}
        {form.signed && <li>Your signature and today&apos;s date</li>}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener"
            download={`preview-${form.fileName}`}
            className={buttonClass('secondary')}
          >
            Open the filled {form.schemeName} form (PDF)
          </a>
        ) : (
          <Button variant="secondary" onPress={fill} isDisabled={preview.status === 'filling'}>
            {preview.status === 'filling'
              ? 'Filling the form…'
              : `Preview the ${form.schemeName} form`}
          </Button>
        )}
      </div>
      {preview.status === 'failed' && (
        <div className="mt-3">
          <Alert tone="error">{preview.message}</Alert>
        </div>
      )}
    </Card>
  );
}

export function FormPreviews({
  token,
  forms,
  input,
  onEdit,
}: {
  token: string;
  forms: SchemeFormToFill[];
  input: ProfileInput;
  onEdit: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700 dark:text-slate-200">
        Check each form before you sign. Something wrong? Change it in your details and every form
        follows.
      </p>
      {forms.map((form) => (
        <FormPreview key={form.formId} token={token} form={form} input={input} />
      ))}
      <Button variant="ghost" onPress={onEdit} className="self-start">
        Change my details
      </Button>
    </div>
  );
}
