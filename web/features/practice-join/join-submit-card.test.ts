import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JoinSubmitCard } from './join-submit-card.tsx';
import type { JoinSubmitState } from './use-join-submit.ts';

const button = (state: JoinSubmitState) => {
  const html = renderToStaticMarkup(
    createElement(JoinSubmitCard, { state, onSubmit: () => {}, onTakeBack: () => {} }),
  );
  return /<button[^>]*>([^<]*)<\/button>\s*<\/div>$/.exec(html)?.[1];
};

describe("the invitation page's Submit button", () => {
  it("says 'Submitting...' only while the part is being sent, and what a waiting part waits for", () => {
    expect(button('idle')).toBe('Submit Application');
    expect(button('sending')).toBe('Submitting...');
    expect(button('waiting')).toBe('Waiting for uploads…');
    expect(button('queued')).toBe('Waiting for a connection…');
  });
});
