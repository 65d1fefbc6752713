// The check between `npm run deploy`'s build and its `wrangler deploy`: Static Assets serve
// the pages with the headers of the build's _headers, so a build whose CSP lacks the object
// store's origin would block every upload and every staff View once deployed (decision 079).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeployRefused } from './deploy-settings.ts';

/** The directives of every Content-Security-Policy line in a _headers file. */
function policies(headersFile: string): Map<string, string[]>[] {
  return headersFile
    .split('\n')
    .map((line) => /^\s*Content-Security-Policy:\s*(.+)$/i.exec(line)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(
      (policy) =>
        new Map(
          policy
            .split(';')
            .map((directive) => directive.trim().split(/\s+/))
            .filter(([name]) => name)
            .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
        ),
    );
}

/** Refuses (throws DeployRefused) unless every page CSP of the build allows objectOrigin. */
export async function checkBuiltHeaders(webDir: string, objectOrigin: string): Promise<void> {
  let file: string;
  try {
    file = await readFile(join(webDir, '_headers'), 'utf8');
  } catch {
    throw new DeployRefused(`No ${join(webDir, '_headers')}: the build did not finish.`);
  }
  const found = policies(file);
  if (found.length === 0) {
    throw new DeployRefused(`${join(webDir, '_headers')} sets no Content-Security-Policy.`);
  }
  for (const policy of found) {
    for (const directive of ['connect-src', 'img-src']) {
      if (!policy.get(directive)?.includes(objectOrigin)) {
        throw new DeployRefused(
          `The build's CSP ${directive} lacks ${objectOrigin}: deployed, the browser would ` +
            'block every upload and every staff View. Not deployed.',
        );
      }
    }
  }
}
