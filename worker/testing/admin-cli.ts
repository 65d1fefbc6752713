// Running `npm run admin -- ...args` in tests as an operator would: a real process on a
// DATA_DIR, the password (when asked) piped on stdin.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

export type AdminRun = { code: number; stdout: string; stderr: string };

export function runAdmin(
  dataDir: string,
  args: string[],
  stdin = '',
  env: Record<string, string> = {},
): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [TSX, 'worker/cli/admin.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', ...env },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}
