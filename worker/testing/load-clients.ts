// The clients of the load run (worker/under-load.load.test.ts): practitioners who upload their
// documents, submit and follow their application, each from an address of its own as a proxy
// in front of the app would report it, and one client who hammers the status lookup. Every
// answer is tallied by what the request was for.
import type { DocumentInput, SubmitRequest } from '../../schema/submission-api.ts';
import { fixtureBytes } from './file-fixtures.ts';
import { buildApplication, saIdNumber, uploadDocument } from './fixtures.ts';
import type { TestApp } from './harness.ts';

export type Operation = 'ticket' | 'upload' | 'submit' | 'track' | 'lookup';

export type Tally = {
  answers: Record<Operation, Record<number, number>>;
  millis: Record<Operation, number[]>;
  /** Anything that is not the answer the request should get: status, network error, wrong body. */
  faults: string[];
  /** 503s answered again after a pause, as the app's own client does (restore drills only). */
  retried: string[];
  submitted: { token: string; documents: DocumentInput[] }[];
};

export function newTally(): Tally {
  const per = <T>(make: () => T) =>
    Object.fromEntries(
      (['ticket', 'upload', 'submit', 'track', 'lookup'] as const).map((op) => [op, make()]),
    ) as Record<Operation, T>;
  return {
    answers: per(() => ({})),
    millis: per(() => []),
    faults: [],
    retried: [],
    submitted: [],
  };
}

/** A JPEG of 240 KB: the fixture's real image followed by bytes a camera might add. */
const PHOTO = (() => {
  const image = fixtureBytes('jpeg');
  const bytes = new Uint8Array(240 * 1024);
  bytes.set(image);
  for (let i = image.length; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  return bytes;
})();

const practiceNumberOf = (payload: SubmitRequest) =>
  'practiceNumber' in payload.submission ? (payload.submission.practiceNumber ?? '') : '';

function operationOf(method: string, path: string): Operation {
  if (path.startsWith('/api/objects/upload')) return 'ticket';
  if (method === 'PUT') return 'upload';
  if (path === '/api/lookup') return 'lookup';
  return method === 'POST' ? 'submit' : 'track';
}

const UNAVAILABLE_RETRIES = 5;
const REQUEST_TIMEOUT_MS = 60_000;
/** In a restore drill: how long a request may go unanswered before it is asked again. */
const UNANSWERED_RETRY_MS = 30_000;

/**
 * The target's request as one client at `address`, every answer timed and tallied. With
 * retryUnavailable, a 503 (nothing saved, try again) is asked again after a second, and a
 * request with no answer in 30 s at once, up to five times, as the app's upload engine and
 * outbox do; each retry is tallied.
 */
function tallied(
  request: TestApp['request'],
  address: string,
  tally: Tally,
  retryUnavailable = false,
): TestApp {
  const counted = (async (path: string, init: Parameters<TestApp['request']>[1] = {}) => {
    const op = operationOf(init.method ?? 'GET', new URL(path, 'http://x').pathname);
    for (let attempt = 0; ; attempt++) {
      const t0 = performance.now();
      // A request left unanswered is a fault of its own, told as one (undici would wait five
      // minutes). In a restore drill it is asked again, as the app's outbox and upload engine
      // give up on a silent server and try again (the same Idempotency-Key: the same request).
      const signal = AbortSignal.timeout(
        retryUnavailable ? UNANSWERED_RETRY_MS : REQUEST_TIMEOUT_MS,
      );
      let res: Response;
      try {
        res = await request(path, { ...init, client: address, signal });
      } catch (error) {
        const failure = error as Error;
        const waited = (performance.now() - t0).toFixed(0);
        const what = `${op} ${init.method ?? 'GET'} ${new URL(path, 'http://x').pathname}`;
        if (retryUnavailable && failure.name === 'TimeoutError' && attempt < UNAVAILABLE_RETRIES) {
          tally.retried.push(`${what}: no answer in ${waited} ms`);
          continue;
        }
        // Which request failed, after how long, and undici's reason (reset, timeout, refused).
        const cause = (failure.cause as { code?: string; message?: string } | undefined) ?? {};
        throw new Error(
          `${what} after ${waited} ms: ${failure.message} (${cause.code ?? cause.message ?? failure.name})`,
        );
      }
      tally.millis[op].push(performance.now() - t0);
      tally.answers[op][res.status] = (tally.answers[op][res.status] ?? 0) + 1;
      if (!retryUnavailable || res.status !== 503 || attempt >= UNAVAILABLE_RETRIES) return res;
      tally.retried.push(`${op}: ${(await res.text()).slice(0, 120)}`);
      await new Promise((done) => setTimeout(done, 1000));
    }
  }) as TestApp['request'];
  return { request: counted } as TestApp;
}

async function expectStatus(res: Response, status: number, what: string, tally: Tally) {
  if (res.status === status) return true;
  tally.faults.push(`${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return false;
}

/**
 * One client: apply, then follow the application, again and again until `until`; the nth
 * application comes from `addressOf(n)` (one address each where every application stands for
 * another practitioner, as SUBMIT_RATE_LIMIT counts per address).
 */
export async function practitioner(
  target: { request: TestApp['request'] },
  addressOf: (application: number) => string,
  until: number,
  tally: Tally,
  { retryUnavailable = false } = {},
): Promise<void> {
  let first = true;
  for (let application = 0; Date.now() < until; application++) {
    const t = tallied(target.request, addressOf(application), tally, retryUnavailable);
    try {
      const payload: SubmitRequest = await buildApplication(t);
      // A phone photo of the ID beside the required PDFs, the size of a prepared photo.
      payload.documents.push(await uploadDocument(t, 'certified_id', 'jpeg', { bytes: PHOTO }));
      const res = await t.request('/api/submissions', {
        method: 'POST',
        json: payload,
        headers: { 'Idempotency-Key': crypto.randomUUID(), 'Application-Id': crypto.randomUUID() },
      });
      if (!(await expectStatus(res, 201, 'submit', tally))) continue;
      const { trackingToken } = (await res.json()) as { trackingToken: string };
      tally.submitted.push({ token: trackingToken, documents: payload.documents });
      for (let i = 0; i < 3; i++) {
        const view = await t.request(`/api/submissions/${trackingToken}`);
        if (!(await expectStatus(view, 200, 'track', tally))) break;
        const { documents } = (await view.json()) as { documents: unknown[] };
        if (documents.length !== payload.documents.length) {
          tally.faults.push(`track: ${documents.length} of ${payload.documents.length} documents`);
        }
      }
      if (first) {
        // A practitioner checks the status-only lookup once, well inside its limit.
        const lookup = await t.request('/api/lookup', {
          method: 'POST',
          json: { identifierType: 'practice_number', identifier: practiceNumberOf(payload) },
        });
        await expectStatus(lookup, 200, 'lookup', tally);
        if (!lookup.bodyUsed) await lookup.body?.cancel();
        first = false;
      }
    } catch (error) {
      tally.faults.push(`network or ticket: ${(error as Error).message}`);
    }
  }
}

/** Someone trying ID numbers at the lookup as fast as answers come: limited, not served. */
export async function lookupStorm(
  target: { request: TestApp['request'] },
  address: string,
  until: number,
  tally: Tally,
): Promise<number[]> {
  const t = tallied(target.request, address, tally);
  const statuses: number[] = [];
  while (Date.now() < until) {
    try {
      const res = await t.request('/api/lookup', {
        method: 'POST',
        json: {
          identifierType: 'id_number',
          identifier: saIdNumber('800101', String(statuses.length % 10_000).padStart(4, '0')),
        },
      });
      statuses.push(res.status);
      await res.body?.cancel();
    } catch (error) {
      tally.faults.push(`lookup storm: ${(error as Error).message}`);
    }
  }
  return statuses;
}
