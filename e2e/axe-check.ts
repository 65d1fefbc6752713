// The journeys' accessibility check: no serious or critical axe violation on the page as it is,
// or in the part of it that `include` selects (a dialog, one section). `what` names the state
// checked in the failure message.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousAxeViolations(
  page: Page,
  { what, include }: { what?: string; include?: string } = {},
) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join('; ')}`,
    ),
    what,
  ).toEqual([]);
}
