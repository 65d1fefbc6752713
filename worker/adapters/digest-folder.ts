// The security log's daily digest written to a folder the operator names (SECURITY_LOG_DIGEST_DIR,
// Node). It must not be under DATA_DIR: the digest is there to outlive a rewrite of what
// DATA_DIR holds (decision 109), so such a setting is refused at start.
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export function createDigestFolder(
  dir: string,
  dataDir: string,
): (fileName: string, text: string) => Promise<void> {
  const folder = resolve(dir);
  const inside = relative(resolve(dataDir), folder);
  if (!isAbsolute(inside) && inside.split(sep)[0] !== '..') {
    throw new Error(
      `SECURITY_LOG_DIGEST_DIR (${folder}) is inside DATA_DIR: name a folder elsewhere (another disk or a mounted share), so the digest outlives what DATA_DIR holds.`,
    );
  }
  return async (fileName, text) => {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, fileName), text, { mode: 0o640 });
  };
}
