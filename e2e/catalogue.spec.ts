// The scheme catalogue staff keep (decision 072): staff move a scheme to another administrator,
// mark one inactive and set a hard-copy flag in the dashboard; the wizard shows the change, an
// older submission keeps the names it was made with, and the audit lists the changes.
// Uses schemes no other spec selects (Horizon, AECI, Profmed): the server is shared by the run.
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { signIn, submitApplication, useTheme } from './dashboard-fixtures.ts';
import { choosePracticeType, showPage } from './wizard-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

test('staff keep the catalogue; the wizard follows, older submissions keep their names', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const older = await submitApplication(request, baseURL!, 'Catalogue', {
    selectedParents: ['medscheme'],
    selectedSchemes: ['horizon_medical_scheme', 'aeci_medical_aid_society'],
  });

  await signIn(page, baseURL!);
  await page.goto('/dashboard/catalogue');
  await expect(page.getByRole('heading', { name: 'Scheme catalogue', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Last reviewed on 23 November 2026 (the built-in list).'),
  ).toBeVisible();
  // Staff see each scheme's note, hard-copy source and sources.
  const medihelp = page.getByRole('row', { name: 'Medihelp' });
  await expect(medihelp).toContainText("Medihelp's own provider pages");
  await medihelp.getByText('Sources (2)').click();
  await expect(medihelp.getByRole('link', { name: 'https://www.medihelp.co.za' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Bonitas Medical Fund' })).toContainText(
    'Since 1 June 2026',
  );

  // Move Horizon to PPS from 1 March 2026, with a new name.
  await page.getByRole('button', { name: 'Edit Horizon Medical Scheme' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Horizon Medical Scheme' });
  await dialog.getByLabel('Name').fill('Horizon Medical Scheme (PPS)');
  await dialog.getByLabel('Administrator', { exact: true }).selectOption({
    label: 'PPS Healthcare Administrators',
  });
  // Without the date the move is refused next to the field.
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Give the date the new administrator took over')).toBeVisible();
  await dialog.getByLabel('New administrator since').fill('2026-03-01');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  const pps = page.getByRole('region', { name: 'PPS Healthcare Administrators' });
  await expect(pps.getByRole('row', { name: 'Horizon Medical Scheme (PPS)' })).toContainText(
    'Since 1 March 2026',
  );

  // Mark AECI inactive: closed, with the date and a note.
  await page.getByRole('button', { name: 'Edit AECI Medical Aid Society' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit AECI Medical Aid Society' });
  await dialog.getByRole('checkbox', { name: /Active \(offered to practitioners\)/ }).uncheck();
  await dialog.getByLabel('Inactive since').fill('2026-10');
  await dialog
    .getByLabel('Why inactive (merged or closed)')
    .fill('Closed at the end of October 2026.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'AECI Medical Aid Society' })).toContainText(
    'Inactive',
  );

  // Profmed asks for certified copies: the flag with where the rule comes from.
  await page.getByRole('button', { name: 'Edit Profmed' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Profmed' });
  await dialog.getByRole('checkbox', { name: 'Requires certified hard copies' }).check();
  await dialog
    .getByLabel('Where the hard-copy rule comes from')
    .fill('Profmed provider pack 2026, page 2: certified copies by post.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'Profmed' })).toContainText('Required');

  // The audit lists the three changes, newest first, with who made them.
  const changes = page.getByRole('region', { name: 'Changes' }).getByRole('listitem');
  await expect(changes.nth(0)).toContainText('Profmed: hard copy required');
  await expect(changes.nth(1)).toContainText('AECI Medical Aid Society: marked inactive');
  await expect(changes.nth(1)).toContainText('inactive since October 2026');
  await expect(changes.nth(2)).toContainText(
    'Horizon Medical Scheme: renamed to “Horizon Medical Scheme (PPS)”',
  );
  await expect(changes.nth(2)).toContainText(
    'moved to PPS Healthcare Administrators; administered since 1 March 2026',
  );
  await expect(changes.nth(0)).toContainText('staff@bureau.test');

  // A new scheme under PPS, with its hard-copy rule and a source.
  await page.getByRole('button', { name: 'Add a scheme' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a scheme' });
  await dialog.getByLabel('Name').fill('Khanyisa Health Plan');
  await dialog.getByLabel('Administrator', { exact: true }).selectOption({
    label: 'PPS Healthcare Administrators',
  });
  await dialog.getByRole('checkbox', { name: 'Requires certified hard copies' }).check();
  await dialog
    .getByLabel('Where the hard-copy rule comes from')
    .fill('Unverified: the scheme said so on the phone.');
  await dialog.getByLabel('Sources').fill('not a link');
  await dialog.getByRole('button', { name: 'Add scheme' }).click();
  // A source that is not an https link is refused next to its field; nothing is added.
  await expect(dialog.getByLabel('Sources')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Sources').fill('https://www.pps.co.za');
  await dialog.getByRole('button', { name: 'Add scheme' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pps.getByRole('row', { name: 'Khanyisa Health Plan' })).toContainText('Required');
  await expect(changes.nth(0)).toContainText('Khanyisa Health Plan');

  // A practitioner's wizard (a phone, its own browser) shows the change.
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const wizard = await phone.newPage();
  await wizard.goto('/');
  await choosePracticeType(wizard, 'New Practice');
  await showPage(wizard, 'Medical aid schemes');
  await expect(wizard.getByText('Scheme list last reviewed on 23 November 2026.')).toBeVisible();
  const search = wizard.getByPlaceholder('Search schemes or administrators...');
  await search.fill('Horizon');
  await expect(
    wizard.getByRole('list', { name: 'PPS Healthcare Administrators schemes' }),
  ).toContainText('Horizon Medical Scheme (PPS)');
  await expect(wizard.getByRole('list', { name: 'Medscheme schemes' })).toHaveCount(0);
  await search.fill('Khanyisa');
  await expect(
    wizard.getByRole('list', { name: 'PPS Healthcare Administrators schemes' }),
  ).toContainText('Khanyisa Health Plan');
  await search.fill('AECI');
  await expect(wizard.getByText('No schemes found matching "AECI"')).toBeVisible();
  const offered = await (await wizard.request.get('/api/catalogue')).json();
  const profmed = offered.administrators
    .find((a: { key: string }) => a.key === 'pps')
    .administered.find((s: { key: string }) => s.key === 'profmed');
  expect(profmed.requiresHardCopy).toBe(true);

  // The older submission still shows the names it was made with.
  await wizard.goto(`/track?token=${older.trackingToken}`);
  await wizard.getByRole('tab', { name: 'Medical Aid Schemes' }).click();
  const panel = wizard.getByRole('tabpanel');
  await expect(panel).toContainText('Horizon Medical Scheme');
  await expect(panel).not.toContainText('Horizon Medical Scheme (PPS)');
  await expect(panel).toContainText('AECI Medical Aid Society');
  await phone.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the catalogue page and its edit dialog pass axe in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    await useTheme(page, theme);
    await signIn(page, baseURL!);
    await page.goto('/dashboard/catalogue');
    await expect(page.getByRole('heading', { name: 'Scheme catalogue', level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page, { what: `catalogue page, ${theme}` });
    await page.getByRole('button', { name: 'Edit Fedhealth Medical Scheme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Fedhealth Medical Scheme' });
    await dialog.getByRole('checkbox', { name: /Active \(offered to practitioners\)/ }).uncheck();
    await expect(dialog.getByLabel('Inactive since')).toBeVisible();
    await expectNoSeriousAxeViolations(page, { what: `edit dialog, ${theme}` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
}
