// /track/lookup (docs/product.md#screens-and-routes): a privacy-limited status check by PCNS
// practice number or SA ID.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { lookup } from '../../../schema/public-endpoints.ts';
import type { LookupRequest, LookupResponse } from '../../../schema/tracking-api.ts';
import { request } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { TextField } from '../../ui/field.tsx';
import { HelpCard } from '../../ui/help-card.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { type Key, Tab, TabList, TabPanel, Tabs } from '../../ui/tabs.tsx';
import { EMPTY_IDENTIFIER_MESSAGE, lookupErrorMessage } from './lookup-errors.ts';
import { LookupResult } from './lookup-result.tsx';
import type { LookupSent } from './lookup-sent.ts';

type IdentifierType = LookupRequest['identifierType'];

type State =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; data: LookupResponse }
  | { status: 'failed'; message: string };

export function LookupPage({
  sent,
  onSentTaken,
}: {
  /** The form the browser sent before the app had started, if it did. */
  sent?: LookupSent;
  onSentTaken?: () => void;
}) {
  usePageTitle('Check your application status');
  const [type, setType] = useState<IdentifierType>('practice_number');
  // After the first render, so it matches the pre-rendered page it takes over.
  const sentBy = sent?.by;
  useEffect(() => {
    if (sentBy) setType(sentBy);
  }, [sentBy]);
  const [state, setState] = useState<State>({ status: 'idle' });
  // A rate-limited action, not a cached read. Switching tabs, checking again or leaving the
  // page supersedes the check on its way, so its answer cannot show under the other tab or
  // overtake a newer one. The request itself is let finish: the server has counted the attempt
  // against the rate limit already, and its answer is small.
  const inFlight = useRef<AbortController | null>(null);
  const cancel = () => inFlight.current?.abort();
  useEffect(() => () => inFlight.current?.abort(), []);

  const check = async (identifierType: IdentifierType, identifier: string) => {
    cancel();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'checking' });
    let next: State;
    try {
      const data = await request(lookup, { body: { identifier, identifierType } });
      next = { status: 'found', data };
    } catch (error) {
      next = { status: 'failed', message: lookupErrorMessage(error) };
    }
    if (!controller.signal.aborted) setState(next);
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">Check your application status</h1>
      <Alert tone="info" title="Privacy-protected status check">
        <p>
          This check shows only the progress of your application: no personal details or documents.
          For full details, use the tracking token you received when you submitted.{' '}
          <Link
            to="/track"
            className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            Track with your token
          </Link>
        </p>
      </Alert>

      <Card aria-label="Look up your application">
        <Tabs
          selectedKey={type}
          onSelectionChange={(key: Key) => {
            setType(key as IdentifierType);
            cancel();
            setState({ status: 'idle' });
          }}
        >
          <TabList label="Look up by">
            <Tab id="practice_number">Practice Number</Tab>
            <Tab id="id_number">SA ID Number</Tab>
          </TabList>
          <TabPanel id="practice_number">
            <IdentifierForm
              by="practice_number"
              label="Practice number (PCNS)"
              description="Your 7-digit PCNS practice number."
              busy={state.status === 'checking'}
              sent={sent?.by === 'practice_number' ? sent.identifier : undefined}
              onSentTaken={onSentTaken}
              onCheck={(identifier) => check('practice_number', identifier)}
            />
          </TabPanel>
          <TabPanel id="id_number">
            <IdentifierForm
              by="id_number"
              label="South African ID number"
              description="Your 13-digit South African ID number."
              busy={state.status === 'checking'}
              sent={sent?.by === 'id_number' ? sent.identifier : undefined}
              onSentTaken={onSentTaken}
              onCheck={(identifier) => check('id_number', identifier)}
            />
          </TabPanel>
        </Tabs>
      </Card>

      {state.status === 'failed' && <Alert tone="error">{state.message}</Alert>}
      {state.status === 'found' && <LookupResult data={state.data} />}

      <HelpCard />
    </div>
  );
}

function IdentifierForm({
  by,
  label,
  description,
  busy,
  sent,
  onSentTaken,
  onCheck,
}: {
  by: IdentifierType;
  label: string;
  description: string;
  busy: boolean;
  /** The identifier this form sent natively ('' when empty), answered once. */
  sent?: string;
  onSentTaken?: () => void;
  onCheck: (identifier: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const check = (identifier: string) => {
    if (!identifier) {
      setError(EMPTY_IDENTIFIER_MESSAGE);
      return;
    }
    setError(undefined);
    onCheck(identifier);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check(value.trim());
  };
  // Answered once per address: the handlers change with every render, the address does not.
  const answerSent = useRef(() => {});
  answerSent.current = () => {
    if (sent === undefined) return;
    setValue(sent);
    check(sent);
    onSentTaken?.();
  };
  useEffect(() => {
    if (sent !== undefined) answerSent.current();
  }, [sent]);
  // Named, with the tab it belongs to, so the browser can send it before the app has started.
  return (
    <form method="get" onSubmit={submit} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="by" value={by} />
      <TextField
        label={label}
        name="identifier"
        hint={description}
        inputMode="numeric"
        autoComplete="off"
        maxLength={13}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" isDisabled={busy} className="self-start">
        <ShieldIcon />
        Check Status
      </Button>
    </form>
  );
}
