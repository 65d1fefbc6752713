// R2's S3 API stood in for by s3rver (MIT, a local S3-compatible server: presigned URLs,
// multipart, bucket CORS), its files under DATA_DIR/objects, with the multipart calls it lacks
// (s3rver-multipart.ts). The bucket gets the CORS rule of deploy/r2-cors.json, the one an
// operator sets on the real bucket, for this origin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { ROOT } from '../testing/smoke-processes.ts';
import { addMissingMultipartCalls } from './s3rver-multipart.ts';

type CorsFile = {
  rules: {
    allowed: { origins: string[]; methods: string[]; headers: string[] };
    exposeHeaders: string[];
    maxAgeSeconds: number;
  }[];
};

export const LOCAL_S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** deploy/r2-cors.json as S3's CORSConfiguration XML, its origins replaced by publicOrigin. */
export function corsConfiguration(publicOrigin: string): string {
  const file = JSON.parse(readFileSync(join(ROOT, 'deploy/r2-cors.json'), 'utf8')) as CorsFile;
  const tags = (tag: string, values: (string | number)[]) =>
    values.map((value) => `<${tag}>${value}</${tag}>`).join('');
  const rules = file.rules.map(
    (rule) =>
      `<CORSRule>${tags('AllowedOrigin', [publicOrigin])}${tags('AllowedMethod', rule.allowed.methods)}${tags('AllowedHeader', rule.allowed.headers)}${tags('ExposeHeader', rule.exposeHeaders)}${tags('MaxAgeSeconds', [rule.maxAgeSeconds])}</CORSRule>`,
  );
  return `<CORSConfiguration>${rules.join('')}</CORSConfiguration>`;
}

export async function startObjectServer(options: {
  dir: string;
  port: number;
  bucketName: string;
  publicOrigin: string;
}): Promise<{ origin: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    silent: true,
    directory: options.dir,
    configureBuckets: [
      { name: options.bucketName, configs: [corsConfiguration(options.publicOrigin)] },
    ],
  });
  addMissingMultipartCalls(server);
  const { port } = await server.run();
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
