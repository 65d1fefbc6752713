// Search within the terms (docs/product.md#screens-and-routes): which sections match, and the
// pieces of a paragraph to
// highlight. Case-insensitive; the query is taken literally, not as a pattern.
import type { TermsSection } from '../../../schema/terms.ts';

export type Segment = { text: string; match: boolean };

export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

export function matches(text: string, query: string): boolean {
  const q = normaliseQuery(query).toLowerCase();
  return q === '' || text.toLowerCase().includes(q);
}

export function matchingSections(sections: readonly TermsSection[], query: string): TermsSection[] {
  if (normaliseQuery(query) === '') return [...sections];
  return sections.filter(
    (section) => matches(section.title, query) || section.paragraphs.some((p) => matches(p, query)),
  );
}

export function highlight(text: string, query: string): Segment[] {
  const q = normaliseQuery(query);
  if (q === '') return [{ text, match: false }];
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const segments: Segment[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) segments.push({ text: text.slice(from, at), match: false });
    segments.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}

export function countMatches(texts: readonly string[], query: string): number {
  return texts.reduce((n, t) => n + highlight(t, query).filter((s) => s.match).length, 0);
}
