// What staff asked the practitioner for (issue 27), on /track: each open request with the way
// to answer it — a note here, and, where a document is asked for, that document's replacement
// under Uploaded Documents (the one upload path). Answered ones stay listed for the record.
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { requestAnswer } from '../../../schema/public-endpoints.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { request as send } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { documentAnchor } from './replacement-summary.ts';

type PractitionerRequest = TrackingResponse['requests'][number];

const UNREACHABLE = 'We could not reach the server. Please check your connection and try again.';

export function RequestsCard({ data }: { data: TrackingResponse }) {
  // A view kept on the device before requests existed has none (load-tracking.ts).
  const requests: PractitionerRequest[] = data.requests ?? [];
  if (requests.length === 0) return null;
  const open = requests.filter((r) => !r.answeredAt);
  return (
    <Card aria-labelledby="requests-title">
      <CardTitle id="requests-title">
        {open.length > 0 ? 'We need something from you' : 'Our questions to you'}
      </CardTitle>
      <ul className="mt-3 flex flex-col gap-3">
        {requests.map((r) => (
          <RequestItem
            key={r.id}
            item={r}
            token={data.submission.trackingToken}
            documentType={data.documents.find((d) => d.id === r.documentId)?.documentType}
          />
        ))}
      </ul>
    </Card>
  );
}

function RequestItem({
  item,
  token,
  documentType,
}: {
  item: PractitionerRequest;
  token: string;
  documentType: string | undefined;
}) {
  return (
    <li
      id={`request-${item.id}`}
      aria-label={`Request for ${item.schemeName}`}
      className="scroll-mt-24 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{item.schemeName}</h3>
        <Badge tone={item.answeredAt ? 'success' : 'warning'}>
          {item.answeredAt ? 'Answered' : 'Waiting for you'}
        </Badge>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line">{item.request}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        Asked <time dateTime={isoDateTime(item.requestedAt)}>{formatDate(item.requestedAt)}</time>
      </p>
      {item.answeredAt ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          Answered{' '}
          <time dateTime={isoDateTime(item.answeredAt)}>{formatDate(item.answeredAt)}</time>
          {item.answerNote ? `: ${item.answerNote}` : ' with a new document.'}
        </p>
      ) : (
        <>
          {item.documentId && (
            <p className="mt-2 text-sm">
              Send the new document with{' '}
              <a
                href={`#${documentAnchor(item.documentId)}`}
                className="font-medium text-teal-800 underline dark:text-teal-300"
              >
                {documentType ?? 'the document'} under Uploaded Documents
              </a>
              : that answers this request. You can also write to us here.
            </p>
          )}
          <AnswerForm requestId={item.id} token={token} schemeName={item.schemeName} />
        </>
      )}
    </li>
  );
}

function AnswerForm({
  requestId,
  token,
  schemeName,
}: {
  requestId: string;
  token: string;
  schemeName: string;
}) {
  const router = useRouter();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError('Write your answer');
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await send(requestAnswer, { params: { token, requestId }, body: { note: note.trim() } });
      await router.invalidate();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) {
        setError(caught.body?.error.fields?.note ?? caught.serverMessage);
      } else {
        setFailure(
          caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : UNREACHABLE,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 flex flex-col gap-2">
      <TextAreaField
        label={`Your answer for ${schemeName}`}
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <div>
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Sending...' : 'Send answer'}
        </Button>
      </div>
      <div role="status">{failure && <Alert tone="warning">{failure}</Alert>}</div>
    </form>
  );
}
