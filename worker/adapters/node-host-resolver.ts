// Node: a webhook host's addresses from the system's resolver, every one of them (decision 122).
import { lookup } from 'node:dns/promises';
import { addressLiteral } from './fetch-webhook-sender.ts';

export async function resolveWithSystem(host: string): Promise<string[]> {
  const literal = addressLiteral(host);
  if (literal) return [literal];
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}
