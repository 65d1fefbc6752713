// npm run admin -- <command> [--email E]: staff accounts from the command line, on the same
// DATA_DIR / DATABASE_URL wiring as the server. Passwords are read from standard input:
// typed without echo (twice) on a terminal, or the first line of piped input.
//
//   create --email E          create an account; prints its one-time MFA set-up link
//   reset-password --email E  set a new password and sign the account out everywhere
//   reset-mfa --email E       remove the account's MFA (lost phone); prints a new set-up link
//   enrolment-link --email E  a new one-time set-up link for an account without MFA
//   list                      list accounts
//   disable --email E         refuse sign-in and end the account's sessions
//   enable --email E          allow sign-in again
// Every command is written to the security log (actor 'cli'); the owner of an account whose
// password or MFA changed is mailed.
//   backup, backup verify, restore: encrypted snapshots (backup-commands.ts)
//   security-log verify: the security log's hash chain (security-log-commands.ts)
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { forgotPasswordRequest } from '../../schema/session-api.ts';
import { openEmbedded, silentLogger } from '../embedded.ts';
import { securityLogInsert } from '../services/security-log/security-log.ts';
import { accountChangeNotified } from '../services/staff-accounts/account-notices.ts';
import {
  createStaffAccount,
  findStaffByEmail,
  listStaffAccounts,
  normalizeEmail,
  resetStaffMfa,
  StaffAccountError,
  setStaffDisabled,
  setStaffPassword,
} from '../services/staff-accounts/staff-accounts.ts';
import { enrolmentLink, issueEnrolmentCode } from '../services/staff-accounts/staff-enrolment.ts';

const CLI = { type: 'cli' } as const;

import { BACKUP_USAGE, runBackupCommand } from './backup-commands.ts';
import { deployedOrigin } from './deployed-origin.ts';
import { runSecurityLogCommand, SECURITY_LOG_USAGE } from './security-log-commands.ts';

const WRANGLER_TOML = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));

const USAGE = `Usage: npm run admin -- <command> [--email E]

Commands:
  create --email E          create a staff account (password from standard input) and
                            print its one-time two-step sign-in set-up link (24 hours)
  reset-password --email E  set a new password (from standard input); ends its sessions
  reset-mfa --email E       remove two-step sign-in (a lost phone); ends its sessions and
                            prints a new one-time set-up link
  enrolment-link --email E  print a new one-time set-up link (the last one stops working)
  list                      list staff accounts
  disable --email E         block sign-in and end the account's sessions
  enable --email E          allow sign-in again
${BACKUP_USAGE}
${SECURITY_LOG_USAGE}`;

class UsageError extends Error {}

async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

/** Reads one line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (input: string) => {
      for (const ch of input) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new UsageError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const first = await readHidden('New password: ');
  const second = await readHidden('Repeat the password: ');
  if (first !== second) throw new UsageError('The passwords do not match.');
  return first;
}

function requireEmail(email: string | undefined): string {
  if (!email) throw new UsageError('This command needs --email.');
  if (!forgotPasswordRequest.shape.email.safeParse(email).success) {
    throw new UsageError('The e-mail address is not valid.');
  }
  return normalizeEmail(email);
}

async function main(): Promise<number> {
  const first = process.argv[2];
  // Snapshots never open the portal's wiring: no migration, no account made, just a copy.
  if (first === 'backup' || first === 'restore') return runBackupCommand(process.argv.slice(2));
  if (first === 'security-log') return runSecurityLogCommand(process.argv.slice(2));
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  const commands = [
    'create',
    'reset-password',
    'reset-mfa',
    'enrolment-link',
    'list',
    'disable',
    'enable',
  ];
  if (!commands.includes(command)) throw new UsageError(`Unknown command "${command}".`);
  const email = command === 'list' ? undefined : requireEmail(values.email);
  const password =
    command === 'create' || command === 'reset-password' ? await readNewPassword() : undefined;

  // On the deployed database, links name the deployed portal, not localhost.
  const deployed = await deployedOrigin(process.env, WRANGLER_TOML);
  if (deployed) process.env.PUBLIC_ORIGIN = deployed;
  const embedded = await openEmbedded({ logger: silentLogger });
  const { deps } = embedded;
  const { db, clock } = deps;
  const account = async () => {
    const found = email ? await findStaffByEmail(db, email) : undefined;
    if (!found) throw new UsageError(`There is no account for ${email}.`);
    return found;
  };
  const logged = async (action: string, entityId: string) =>
    securityLogInsert(
      db,
      {
        action,
        actor: CLI,
        entityType: entityId === 'all' ? 'staff_users' : 'staff_user',
        entityId,
      },
      clock.now(),
    );
  const printLink = async (staffUserId: string) => {
    const issued = await issueEnrolmentCode(db, staffUserId, CLI, clock.now());
    if (!issued) {
      throw new UsageError(
        (await account()).disabled
          ? `${email} is disabled: enable it first (npm run admin -- enable --email ${email}).`
          : `${email} has two-step sign-in set up already.`,
      );
    }
    console.log(
      `One-time set-up link for two-step sign-in (give it to ${email} only; it works once, until ${issued.expiresAt.toISOString()}):\n${enrolmentLink(deps.config, issued.code)}`,
    );
  };
  try {
    switch (command) {
      case 'create': {
        if (!(await createStaffAccount(db, clock, email!, password!))) {
          console.error(`An account for ${email} already exists.`);
          return 1;
        }
        const created = await account();
        await logged('staff_account_created', created.id);
        console.log(`Created the staff account ${email}.`);
        await printLink(created.id);
        return 0;
      }
      case 'reset-password': {
        if (!(await setStaffPassword(db, email!, password!))) {
          console.error(`There is no account for ${email}.`);
          return 1;
        }
        await accountChangeNotified(deps, await account(), 'password_changed', CLI);
        console.log(`Changed the password of ${email} and ended its sessions.`);
        return 0;
      }
      case 'reset-mfa': {
        if (!(await resetStaffMfa(db, email!))) {
          console.error(`There is no account for ${email}.`);
          return 1;
        }
        const reset = await account();
        await accountChangeNotified(deps, reset, 'mfa_reset', CLI);
        console.log(`Removed two-step sign-in from ${email} and ended its sessions.`);
        await printLink(reset.id);
        return 0;
      }
      case 'enrolment-link':
        await printLink((await account()).id);
        return 0;
      case 'disable':
      case 'enable': {
        const disabled = command === 'disable';
        if (!(await setStaffDisabled(db, email!, disabled))) {
          console.error(`There is no account for ${email}.`);
          return 1;
        }
        await logged(
          disabled ? 'staff_account_disabled' : 'staff_account_enabled',
          (await account()).id,
        );
        console.log(
          disabled
            ? `Disabled ${email} and ended its sessions.`
            : `Enabled ${email}; it can sign in again.`,
        );
        return 0;
      }
      default: {
        const accounts = await listStaffAccounts(db);
        await logged('staff_accounts_listed', 'all');
        if (accounts.length === 0) console.log('No staff accounts yet.');
        for (const a of accounts) {
          const lastLogin = a.lastLoginAt ? a.lastLoginAt.toISOString() : 'never';
          console.log(
            `${a.email}\t${a.disabled ? 'disabled' : 'active'}\t${a.mfa ? 'mfa' : 'mfa not set up'}\tcreated ${a.createdAt.toISOString()}\tlast login ${lastLogin}`,
          );
        }
        return 0;
      }
    }
  } finally {
    embedded.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof StaffAccountError) {
      console.error(error.message);
      if (error instanceof UsageError) console.error(`\n${USAGE}`);
    } else {
      console.error(error instanceof Error ? error.message : String(error));
    }
    process.exit(1);
  },
);
