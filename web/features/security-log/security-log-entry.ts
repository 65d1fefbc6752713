// How a security-log entry reads to a bureau clerk: the action and actor in words, the details
// as "name: value" pairs. Actions the page does not know yet (other features add their own)
// still read: underscores become spaces.
import type { SecurityLogEntry } from '../../../schema/security-log-api.ts';

const ACTOR_WORDS: Record<Exclude<SecurityLogEntry['actorType'], 'staff'>, string> = {
  cli: 'Command line (npm run admin)',
  retention: 'Retention job',
  server: 'The server',
  anonymous: 'Not signed in',
};

export function actionLabel(action: string): string {
  const words = action.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actorLabel(entry: SecurityLogEntry): string {
  if (entry.actorType !== 'staff') return ACTOR_WORDS[entry.actorType];
  return entry.actorEmail ?? `Staff account ${entry.actorId ?? ''} (removed)`.replace('  ', ' ');
}

export function detailsLabel(entry: SecurityLogEntry): string {
  if (!entry.details) return '';
  return Object.entries(entry.details)
    .map(([name, value]) => `${name.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${String(value)}`)
    .join(' · ');
}
