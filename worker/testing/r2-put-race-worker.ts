// A Worker for one test (worker/r2-binding-put.smoke.test.ts), run by wrangler dev with an R2
// binding: two puts of one key through the product's R2 store race, both past its look for an
// existing key, so the binding's own precondition (`onlyIf: etagDoesNotMatch *`) decides. The
// loser's put resolves null on R2; the store must answer ObjectExistsError, not success.
import { createR2Store } from '../adapters/r2-store.ts';
import { importSigningKey } from '../crypto/signed-urls.ts';
import { ObjectExistsError, systemClock } from '../ports.ts';

type Env = { OBJECTS: R2Bucket };

const bytes = (value: number) => new Uint8Array(64).fill(value);

export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    const store = createR2Store({
      bucket: env.OBJECTS,
      bucketName: 'race',
      accountId: 'local',
      accessKeyId: 'unused',
      secretAccessKey: 'unused',
      served: {
        signingKey: await importSigningKey('race-test-signing-secret-0123456789'),
        clock: systemClock,
        origin: 'http://127.0.0.1',
      },
    });
    const key = `race/${crypto.randomUUID()}`;
    const outcome = (put: Promise<unknown>) =>
      put.then(
        () => 'stored',
        (error) => (error instanceof ObjectExistsError ? 'taken' : `error: ${error}`),
      );
    const put = (body: ReadableStream<Uint8Array>) =>
      outcome(store.put(key, body, { contentType: 'application/pdf', maxBytes: 64, length: 64 }));
    // The first writer's body is held open until the second has looked and sent its own.
    let release = () => {};
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        // Half now, half on release: a body of its full length would be stored at once.
        controller.enqueue(bytes(1).subarray(0, 32));
        release = () => {
          controller.enqueue(bytes(1).subarray(32));
          controller.close();
        };
      },
    });
    const first = put(held);
    await scheduler.wait(100);
    const second = put(new Blob([bytes(2)]).stream());
    await scheduler.wait(100);
    release();
    const outcomes = [await first, await second];
    const kept = await env.OBJECTS.get(key);
    const keptByte = kept ? new Uint8Array(await kept.arrayBuffer())[0] : null;
    return Response.json({ outcomes, keptByte });
  },
} satisfies ExportedHandler<Env>;
