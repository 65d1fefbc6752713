// The local stand-in for R2's S3 API (decision 095): a server that checks each request the way
// R2 does and keeps the bytes in s3rver (MIT, a local S3-compatible server) behind it, on a
// loopback port of its own under DATA_DIR/objects. In front, for every request:
// - CORS from deploy/r2-cors.json for the local run's page origins, on refusals too
//   (bucket-cors.ts);
// - the V4 signature, header or presigned, recomputed with AWS's own signer and the URL's
//   expiry (sigv4-check.ts): a body of another length or type than a URL signs is refused;
// - a PUT without Content-Length is refused (411), one with `If-None-Match: *` onto an existing
//   object answers 412;
// - a body reaches s3rver only whole: it is staged first, so a connection cut mid-part or
//   mid-file leaves nothing (s3rver would keep the partial file);
// - ListParts, AbortMultipartUpload and the part checks of CompleteMultipartUpload, which
//   s3rver lacks, from its files (stored-parts.ts);
// - an object seen whole or not at all: reads and listings wait for a write of what they read
//   (object-gate.ts; s3rver writes an object's file and metadata unlocked).
// Everything else (GET with Range and response-* overrides, HEAD, DELETE, create, the join)
// is s3rver's.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { bucketCorsRules, type CorsRule, corsHeaders, preflight } from './bucket-cors.ts';
import { objectGate } from './object-gate.ts';
import { readBody, stageBody, storeCut } from './request-bodies.ts';
import { checkSignature } from './sigv4-check.ts';
import {
  abortUpload,
  completeRefusal,
  escapeXml,
  listPartsXml,
  namedParts,
  noSuchUpload,
  type S3Refusal,
  uploadFolder,
} from './stored-parts.ts';

// s3rver's own account: it looks the forwarded request's key up too (it checks no signature).
export const LOCAL_S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type Store = { getResourcePath(bucket: string, key: undefined, resource: string): string };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

export async function startObjectServer(options: {
  dir: string;
  port: number;
  bucketName: string;
  /** The origins the portal's pages are opened on: the bucket's CORS rule allows them. */
  pageOrigins: readonly string[];
  /** The clock signatures are checked against (tests move it past an expiry). */
  now?: () => Date;
  corsRules?: CorsRule[]; // in place of deploy/r2-cors.json's: deploy:check's tests
  /**
   * A store that cannot resume (deploy:check's tests only): a body cut mid-way is stored as far
   * as it came, as s3rver alone would, so a cut part is listed as if whole.
   */
  keepCutBodies?: boolean;
}): Promise<{ origin: string; close(): Promise<void> }> {
  const inner = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.dir,
    configureBuckets: [{ name: options.bucketName, configs: [] }],
  });
  const innerPort = (await inner.run()).port;
  const uploads = (inner as unknown as { store: Store }).store.getResourcePath(
    options.bucketName,
    undefined,
    'uploads',
  );
  const staging = await mkdtemp(join(tmpdir(), 'local-r2-'));
  const rules = options.corsRules ?? bucketCorsRules(options.pageOrigins);
  const now = options.now ?? (() => new Date());
  const gate = objectGate();

  /** Forwards the request to s3rver (with a staged or read body in place of the request's). */
  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    cors: Record<string, string>,
    body?: { file: string; length: number } | Buffer,
  ): Promise<void> {
    const headers: OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${innerPort}` };
    // s3rver would apply CORS of its own; this server already has.
    delete headers.origin;
    if (body) headers['content-length'] = Buffer.isBuffer(body) ? body.byteLength : body.length;
    return new Promise((resolve, reject) => {
      const upstream = httpRequest({
        host: '127.0.0.1',
        port: innerPort,
        method: req.method,
        path: req.url,
        headers,
      });
      upstream.on('error', reject);
      upstream.on('response', (answer) => {
        const kept = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')),
        );
        res.writeHead(answer.statusCode ?? 502, { ...kept, ...cors });
        pipeline(answer, res).then(resolve, reject);
      });
      if (Buffer.isBuffer(body)) upstream.end(body);
      else if (body) pipeline(createReadStream(body.file), upstream).catch(reject);
      else pipeline(req, upstream).catch(reject);
    });
  }

  function refuse(res: ServerResponse, cors: Record<string, string>, refusal: S3Refusal) {
    const xml = `${XML_HEAD}<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message></Error>`;
    res.writeHead(refusal.status, {
      ...cors,
      'Content-Type': 'application/xml',
      'Content-Length': Buffer.byteLength(xml),
      // The body was not read: the connection cannot carry another request.
      Connection: 'close',
    });
    res.end(xml);
  }

  async function exists(bucket: string, key: string): Promise<boolean> {
    const path = `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: innerPort, method: 'HEAD', path }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      })
        .on('error', reject)
        .end();
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    if (method === 'OPTIONS') {
      const answer = preflight(rules, {
        origin,
        method: req.headers['access-control-request-method'],
        headers: req.headers['access-control-request-headers'],
      });
      res.writeHead(answer.status, answer.headers);
      res.end();
      return;
    }
    const cors = corsHeaders(rules, origin, method);
    const verdict = await checkSignature(
      { method, target: req.url ?? '/', headers: req.headers },
      LOCAL_S3_KEY,
      now(),
    );
    if (!verdict.ok) return refuse(res, cors, verdict);

    const url = new URL(req.url ?? '/', 'http://local');
    // Listing the bucket (ListObjectsV2, the backups' walk over every object): s3rver answers.
    const listed = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    if (method === 'GET' && listed === options.bucketName) {
      return gate.list(() => forward(req, res, cors));
    }
    const [, bucket, rawKey] = /^\/([^/]+)\/(.+)$/.exec(url.pathname) ?? [];
    if (bucket !== options.bucketName || !rawKey) {
      return refuse(res, cors, {
        status: 404,
        code: 'NoSuchBucket',
        message: 'The specified bucket does not exist.',
      });
    }
    const key = decodeURIComponent(rawKey);
    const uploadId = url.searchParams.get('uploadId');
    const length = req.headers['content-length'];

    if (method === 'PUT') {
      if (length === undefined) {
        return refuse(res, cors, {
          status: 411,
          code: 'MissingContentLength',
          message: 'You must provide the Content-Length HTTP header.',
        });
      }
      const dir = uploadId ? await uploadFolder(uploads, uploadId) : null;
      if (uploadId && !dir) return refuse(res, cors, noSuchUpload);
      const ifNoneMatch = req.headers['if-none-match'];
      const taken = async () => !uploadId && ifNoneMatch === '*' && (await exists(bucket, key));
      const preconditionFailed = {
        status: 412,
        code: 'PreconditionFailed',
        message: 'At least one of the pre-conditions you specified did not hold.',
      };
      if (await taken()) return refuse(res, cors, preconditionFailed);
      const staged = () =>
        stageBody(
          staging,
          req,
          Number(length),
          options.keepCutBodies ? (cut) => storeCut(innerPort, req, cut) : undefined,
        );
      // Keeping cut bodies, the key is held while the body comes: a listing just after a cut
      // sees what was kept.
      const file = await (options.keepCutBodies ? gate.write(key, staged) : staged());
      if (!file) return void res.destroy();
      try {
        // Checked again with the key held: of two racing PUTs with If-None-Match, one wins.
        return await gate.write(key, async () => {
          if (await taken()) return refuse(res, cors, preconditionFailed);
          if (uploadId && !(await uploadFolder(uploads, uploadId))) {
            return refuse(res, cors, noSuchUpload);
          }
          return forward(req, res, cors, { file, length: Number(length) });
        });
      } finally {
        await rm(file, { force: true });
      }
    }
    if (uploadId && ['GET', 'DELETE', 'POST'].includes(method)) {
      const dir = await uploadFolder(uploads, uploadId);
      if (!dir) return refuse(res, cors, noSuchUpload);
      if (method === 'GET') {
        const marker = Number(url.searchParams.get('part-number-marker') ?? 0) || 0;
        const maxParts = Math.min(Number(url.searchParams.get('max-parts') ?? 1000) || 1000, 1000);
        const parts = await gate.read(key, () =>
          listPartsXml(dir, { bucket, key, uploadId }, { marker, maxParts }),
        );
        const xml = `${XML_HEAD}${parts}`;
        res.writeHead(200, { ...cors, 'Content-Type': 'application/xml' });
        res.end(xml);
        return;
      }
      if (method === 'DELETE') {
        await gate.write(key, () => abortUpload(dir));
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const body = await readBody(req);
      const named = namedParts(body.toString('utf8'));
      if (!named) {
        return refuse(res, cors, {
          status: 400,
          code: 'MalformedXML',
          message: 'The XML you provided was not well-formed or did not validate.',
        });
      }
      return gate.write(key, async () => {
        const refusal = await completeRefusal(dir, named);
        if (refusal) return refuse(res, cors, refusal);
        return forward(req, res, cors, body);
      });
    }
    const reads = method === 'GET' || method === 'HEAD';
    return reads
      ? gate.read(key, () => forward(req, res, cors))
      : gate.write(key, () => forward(req, res, cors));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      refuse(res, corsHeaders(rules, req.headers.origin, req.method ?? 'GET'), {
        status: 500,
        code: 'InternalError',
        message: String(error),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await inner.close();
      await rm(staging, { recursive: true, force: true });
    },
  };
}
