// The submission wizard on /: guards, inline validation, scheme selection rules.
import { expect, test } from '@playwright/test';
import {
  acceptTerms,
  choosePracticeType,
  closeToast,
  fillContact,
  openFooter,
  PRACTITIONER,
  showPage,
  toastSays,
} from './wizard-helpers.ts';

test('the three guard toasts come in order', async ({ page }) => {
  await page.goto('/');
  // aria-disabled until ready (it stays pressable so the guards can say what is missing);
  // Playwright waits for "enabled" on aria-disabled, so press it like a user would anyway.
  const submitButton = page.getByRole('button', { name: 'Submit Application' });
  const submit = { click: () => submitButton.click({ force: true }) };
  await expect(submitButton).toHaveAttribute('aria-disabled', 'true');
  await submit.click();
  await toastSays(page, 'Error', 'Please select a practice type');
  await closeToast(page);

  await choosePracticeType(page, 'Established Practice');
  await submit.click();
  await toastSays(page, 'Error', 'Please accept the POPIA consent');
  await closeToast(page);

  await acceptTerms(page);
  await expect(page.getByText('Consent recorded.')).toBeVisible();
  await submit.click();
  await toastSays(page, 'Error', 'Please complete all required document uploads before submitting');
  await expect(page.getByText('3 section(s) remaining')).toBeVisible();
  await openFooter(page);
  const footer = page.getByRole('region', { name: 'Application status' });
  await expect(footer.getByText('BHF Practice Details Form: No file yet')).toBeVisible();

  await page.getByRole('checkbox', { name: /I have read and accept/ }).uncheck();
  await expect(page.getByText('Consent recorded.')).toHaveCount(0);
});

test("a toast is announced by its label, 'Notification'", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Submit Application' }).click({ force: true });
  const toast = page.getByRole('alertdialog', { name: 'Notification', exact: true });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please select a practice type');
});

test('fields are checked next to the field', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  await fillContact(page, {
    ...PRACTITIONER,
    idNumber: '8001015009088',
    email: 'thandi@',
    phone: '12',
  });
  await page.getByLabel('First Name').click();
  await expect(page.getByText('This ID number does not add up (check digit)')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(
    page.getByText('Enter a South African phone number, e.g. 082 123 4567'),
  ).toBeVisible();
  await expect(page.getByLabel('SA ID Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('SA ID Number')).toHaveAttribute('maxlength', '13');
  await page.getByLabel('SA ID Number').fill(PRACTITIONER.idNumber);
  await expect(page.getByText('This ID number does not add up (check digit)')).toHaveCount(0);

  await showPage(page, 'Practice details');
  await page.getByLabel('Practice Number (PCNS)').fill('12345');
  await page.getByLabel('HPCSA Registration Number').click();
  await expect(page.getByText('The PCNS practice number is 7 digits')).toBeVisible();
  await expect(page.getByLabel('Practice Number (PCNS)')).toHaveAttribute('maxlength', '13');
  await page.getByLabel('Practice Number (PCNS)').fill('1234567');
  await expect(page.getByText('The PCNS practice number is 7 digits')).toHaveCount(0);
});

test('practitioner numbers are checked the way the registries write them', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'Established Practice');
  const id = page.getByLabel('SA ID Number');
  const hpcsa = page.getByLabel('HPCSA Registration Number');
  // The message shown next to a field (web/ui/field.tsx).
  const message = async (field: typeof id) =>
    page.locator(`#${await field.getAttribute('id')}-error`);

  // A 13-digit ID number whose 11th (citizenship) digit is 2.
  await id.fill('8001015009281');
  await id.blur();
  await expect(await message(id)).toHaveText(
    'The 11th digit of an ID number is 0 (citizen) or 1 (permanent resident)',
  );
  await id.fill('8002305009087');
  await expect(await message(id)).toHaveText(
    'The first six digits of an ID number are a date of birth (YYMMDD)',
  );
  await id.fill('');
  await id.fill('8001015009087');
  await expect(id).not.toHaveAttribute('aria-invalid');

  // A phone number written the international way is fine.
  await page.getByLabel('Phone').fill('+27 (0)82 123 4567');
  await page.getByLabel('Phone').blur();
  await expect(page.getByLabel('Phone')).not.toHaveAttribute('aria-invalid');

  await showPage(page, 'Practice details');
  // An unknown register prefix points to the other-council path, which is accepted.
  await hpcsa.fill('XY 0123456');
  await hpcsa.blur();
  await expect(await message(hpcsa)).toHaveText(/not a known HPCSA register prefix/);
  await expect(await message(hpcsa)).toContainText('AHPCSA A12345');
  await hpcsa.fill('MP 012345');
  await expect(await message(hpcsa)).toHaveText(
    'Enter your HPCSA registration number, e.g. MP0123456',
  );
  await hpcsa.fill('MP 0123456');
  await expect(hpcsa).not.toHaveAttribute('aria-invalid');
  await hpcsa.fill('AHPCSA A12345');
  await hpcsa.blur();
  await expect(hpcsa).not.toHaveAttribute('aria-invalid');

  // The PCNS number keeps its leading zero and may be typed in groups.
  await page.getByLabel('Practice Number (PCNS)').fill('012 3456');
  await page.getByLabel('Practice Number (PCNS)').blur();
  await expect(page.getByLabel('Practice Number (PCNS)')).not.toHaveAttribute('aria-invalid');
});

test('scheme search and the selection rules', async ({ page }) => {
  await page.goto('/');
  await choosePracticeType(page, 'New Practice');
  await showPage(page, 'Medical aid schemes');
  await expect(
    page.getByText('Please select at least one medical aid scheme to continue'),
  ).toBeVisible();
  await expect(page.getByText('Selected: 0 scheme(s) from 0 administrator(s)')).toBeVisible();

  const search = page.getByPlaceholder('Search schemes or administrators...');
  await search.fill('no such scheme');
  await expect(page.getByText('No schemes found matching "no such scheme"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');

  // Ticking a child adds its administrator; unticking the last child removes it.
  await search.fill('Bankmed');
  const bankmed = page.getByRole('checkbox', { name: 'Bankmed', exact: true });
  await bankmed.check();
  // One of its twelve: the administrator shows the mixed state, not a full tick.
  await expect(page.getByRole('checkbox', { name: 'Discovery Health', exact: true })).toBeChecked({
    indeterminate: true,
  });
  await expect(page.getByText('Included (1)')).toBeVisible();
  await expect(page.getByText('Selected: 1 scheme(s) from 1 administrator(s)')).toBeVisible();
  await expect(
    page.getByText('Please select at least one medical aid scheme to continue'),
  ).toHaveCount(0);
  await bankmed.uncheck();
  await expect(
    page.getByRole('checkbox', { name: 'Discovery Health', exact: true }),
  ).not.toBeChecked();
  await expect(page.getByText('Selected: 0 scheme(s) from 0 administrator(s)')).toBeVisible();

  // Selecting an administrator selects all its schemes; Deselect All removes them.
  await search.fill('');
  await page.getByRole('checkbox', { name: 'Discovery Health', exact: true }).check();
  await expect(page.getByText('Included (12)')).toBeVisible();
  // It opens at once, showing the twelve it added, fully ticked.
  await expect(page.getByRole('button', { name: 'Collapse Discovery Health' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Discovery Health schemes' })
      .getByRole('checkbox', { checked: true }),
  ).toHaveCount(12);
  await expect(
    page.getByRole('checkbox', { name: 'Discovery Health', exact: true }),
  ).toHaveJSProperty('indeterminate', false);
  await page.getByRole('button', { name: 'Deselect All Discovery Health schemes' }).click();
  await expect(page.getByText('Selected: 0 scheme(s) from 0 administrator(s)')).toBeVisible();
  await page
    .getByRole('button', { name: 'Select All Discovery Health schemes', exact: true })
    .click();
  await expect(page.getByText('Selected: 12 scheme(s) from 1 administrator(s)')).toBeVisible();

  // Self-administered schemes toggle alone.
  await page.getByRole('checkbox', { name: 'Medihelp', exact: true }).check();
  await expect(page.getByText('Selected: 13 scheme(s) from 2 administrator(s)')).toBeVisible();
});
