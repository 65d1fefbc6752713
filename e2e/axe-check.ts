// The journeys' accessibility check: no serious or critical axe violation on the page as it is,
// or in the part of it that `include` selects (a dialog, one section). `what` names the state
// checked in the failure message.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the colour transitions under way (buttons and tabs ease their colours over 150 ms)
 * and the finite animations (a dialog fading in), so contrast is measured on the colours they
 * settle on, not mid-way after a theme switch, a selection or an opening: axe read one mid-way
 * now and then (a button over a half-faded dialog: 1.48:1) and failed a journey that then
 * passed again. Endless animations (a spinner) are left alone: they never finish.
 */
export async function settledColours(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition ||
            (animation.effect?.getTiming().iterations ?? Number.POSITIVE_INFINITY) !==
              Number.POSITIVE_INFINITY,
        )
        // A transition inside a closed <details> (or anything not rendered) never runs, so its
        // promise never settles; axe does not measure what is not shown either.
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return target?.checkVisibility?.() ?? true;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function expectNoSeriousAxeViolations(
  page: Page,
  { what, include }: { what?: string; include?: string } = {},
) {
  await settledColours(page);
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
