// Issue 39's journey (decisions 120, 126): a practice onboards together on two phones and a
// desktop. The manager starts the practice from / on the desktop (its details, shared
// documents, schemes and three practitioners to invite); two send their own part
// from their own phone through the invitation page (one offline from before adding her files
// until the end: her part waits on the device for its files, then goes by itself), one never does. Staff on the desktop see both submissions,
// each with the practice's documents and the practitioner's own; the manager's page shows two
// done and one invited; the manager's link reaches no practitioner's personal document.
import {
  type Browser,
  type BrowserContext,
  devices,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { appReady } from './app-ready.ts';
import { expectNoSeriousAxeViolations } from './axe-check.ts';
import { waitForMail } from './mail-box.ts';
import { offlineSwitch } from './offline-reload.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';
import { inBothThemes, shot } from './themed-shots.ts';
import { makePdf, makePng, section } from './wizard-helpers.ts';

const stamp = Date.now();
const address = (who: string) => `${who}.${stamp}@gardens-physio.example.co.za`;
const PRACTICE = 'Gardens Family Practice';
const PHONE = { ...devices['Pixel 7'], viewport: { width: 360, height: 740 } };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHARED = ['BHF Practice Details Form', 'Proof of Banking Details'];
const SCHEMES = ['Medihelp', 'Bestmed'];
const PRACTITIONERS = [
  ['Dr Sipho Dlamini', 'sipho'],
  ['Dr Ayesha Patel', 'ayesha'],
  ['Dr Johan Botha', 'johan'],
] as const;

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: makePdf(name) });

/**
 * The manager starts the practice from / on the desktop (decision 121): its details, its two
 * shared documents, two schemes and three practitioners, then Send; lands on the practice page.
 */
async function startPractice(manager: Page): Promise<string> {
  await manager.goto('/');
  await appReady(manager);
  // A first visit: the practice type is chosen at once, while the service worker installs and
  // the device copy of the draft is still being read (on Workers that choice was once lost).
  await manager.getByRole('link', { name: /Several practitioners in one practice/ }).click();
  await expect(manager.getByText('Page 1 of 5: Practice details')).toBeVisible();
  const established = manager.getByRole('radio', { name: /Established Practice/ });
  await established.check();
  await expect(established).toBeChecked();
  await manager.getByLabel('Practice name').fill(PRACTICE);
  await manager
    .getByLabel('Practice number (PCNS)')
    .fill(String(stamp % 10_000_000).padStart(7, '0'));
  await manager.getByLabel('Practice address').fill('4 Kloof Street, Gardens, Cape Town, 8001');
  await manager.getByLabel("Practice's phone number").fill('021 555 0199');
  await manager.getByLabel("Practice's e-mail address").fill(address('reception'));
  await manager.getByLabel('Your name').fill('Lindiwe Mokoena');
  await manager.getByLabel('Your e-mail address').fill(address('manager'));
  await manager.getByRole('checkbox', { name: 'Keep my existing medical aid contracts' }).check();
  const next = () => manager.getByRole('button', { name: 'Continue', exact: true }).click();
  await next();
  for (const label of SHARED) {
    const card = manager.getByRole('region', { name: label, exact: true });
    await card.locator('input[type="file"]:not([capture])').setInputFiles(pdf(`${label}.pdf`));
  }
  for (const label of SHARED)
    await expect(
      manager
        .getByRole('region', { name: label, exact: true })
        .getByText('All files for this section are uploaded.'),
    ).toBeVisible({ timeout: 30_000 });
  await next();
  for (const scheme of SCHEMES)
    await manager.getByRole('checkbox', { name: scheme, exact: true }).check();
  await next();
  for (const [i, [name, who]] of PRACTITIONERS.entries()) {
    if (i > 0) await manager.getByRole('button', { name: 'Add another practitioner' }).click();
    const row = manager.getByRole('group', { name: `Practitioner ${i + 1}` });
    await row.getByLabel('Full name').fill(name);
    await row.getByLabel('E-mail address').fill(address(who));
  }
  await next();
  await manager.getByRole('button', { name: 'Send the practice and invitations' }).click();
  await expect(manager).toHaveURL(/\/practice\?token=/, { timeout: 30_000 });
  return new URL(manager.url()).searchParams.get('token')!;
}

async function invitationLink(email: string): Promise<string> {
  const mail = await waitForMail(email, 'invitation=');
  return `/practice/join?invitation=${/invitation=([A-Za-z0-9_-]+)/.exec(mail.body)![1]}`;
}

async function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, baseURL });
}

/** Opens the invitation, checks the practice's part, and fills in the practitioner's details. */
async function fillOwnPart(page: Page, link: string, who: { first: string; last: string }) {
  await page.goto(link);
  await appReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByRole('heading', { name: `Join ${PRACTICE}'s application` })).toBeVisible();
  const practice = page.getByRole('region', { name: "Your practice's part" });
  await expect(practice).toContainText('4 Kloof Street');
  await expect(practice.getByRole('list', { name: "The practice's documents" })).toContainText(
    'Proof of Banking Details',
  );
  // The practice's sections are not asked again.
  await expect(section(page, 'BHF Practice Details Form')).toHaveCount(0);
  await page.getByLabel('First Name').fill(who.first);
  await page.getByLabel('Last Name').fill(who.last);
  await page.getByLabel('Phone').fill('082 123 4567');
  await page.getByLabel('Specialization').fill('General Practice');
  await page.getByLabel('HPCSA Registration Number').fill('MP0654321');
  await expect(
    page.getByRole('region', { name: 'Your details' }).getByText(address(who.first.toLowerCase())),
  ).toBeVisible();
}

/** Adds the practitioner's own files; with signal, waits until each is uploaded. */
async function attachOwnFiles(page: Page, who: { first: string }, { online = true } = {}) {
  const id = section(page, 'Certified ID Copy');
  await id.locator('input[type="file"]:not([capture])').setInputFiles({
    name: `${who.first}-id.pdf`,
    mimeType: 'application/pdf',
    buffer: makePdf(`ID of ${who.first}`),
  });
  await id.getByLabel('Certified on').fill('2026-11-02');
  await section(page, 'Bestmed Application Pack')
    .locator('input[type="file"]:not([capture])')
    .setInputFiles({ name: `${who.first}-bestmed.png`, mimeType: 'image/png', buffer: makePng() });
  if (!online) return;
  for (const label of ['Certified ID Copy', 'Bestmed Application Pack'])
    await expect(
      section(page, label).getByText('All files for this section are uploaded.'),
    ).toBeVisible({ timeout: 30_000 });
}

/** What the phone's screen shows now (the full-page pictures are too tall to read). */
async function viewShot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function submitted(page: Page): Promise<string> {
  await page.waitForURL(/\/track\?token=[\w-]{20,}/, { timeout: 30_000 });
  await expect(page.getByText('Application sent', { exact: false }).first()).toBeVisible();
  return new URL(page.url()).searchParams.get('token')!;
}

test('a practice onboards together on two phones and a desktop', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const desktop = await browser.newContext({ ...DESKTOP, baseURL });
  const manager = await desktop.newPage();
  const practiceToken = await startPractice(manager);
  const list = manager.getByRole('region', { name: 'Practitioners' });
  await expect(list.getByText('0 of 3 done.')).toBeVisible();

  // Sipho, online on his phone: his part goes at once and his own tracking page opens.
  const siphoPhone = await phone(browser, baseURL!);
  const sipho = await siphoPhone.newPage();
  const siphoLink = await invitationLink(address('sipho'));
  await fillOwnPart(sipho, siphoLink, {
    first: 'Sipho',
    last: 'Dlamini',
  });
  await attachOwnFiles(sipho, { first: 'Sipho' });
  // He keeps Bestmed only.
  await sipho.getByRole('checkbox', { name: 'Medihelp' }).uncheck();
  await expect(sipho.getByText('Selected: 1 of 2 scheme(s)')).toBeVisible();
  await inBothThemes(sipho, 'join-filled-360', 'invitation page filled');
  await sipho.getByLabel(/I have read and accept/).check();
  await sipho.getByRole('button', { name: 'Submit Application' }).click();
  const siphoToken = await submitted(sipho);
  await shot(sipho, 'join-sent-360');
  // His link again: his part is sent, and nothing asks for it twice.
  await sipho.goto(siphoLink);
  await expect(sipho.getByText('Your part is already sent')).toBeVisible();

  // Ayesha fills in her details with signal, then loses it: her files are added and Submit
  // pressed with no connection; her part waits on the phone for its files.
  const ayeshaPhone = await phone(browser, baseURL!);
  const ayesha = await ayeshaPhone.newPage();
  await fillOwnPart(ayesha, await invitationLink(address('ayesha')), {
    first: 'Ayesha',
    last: 'Patel',
  });
  const offline = await offlineSwitch(ayesha);
  await attachOwnFiles(ayesha, { first: 'Ayesha' }, { online: false });
  await ayesha.getByLabel(/I have read and accept/).check();
  await ayesha.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    ayesha.getByText('Your part will be sent once your files are uploaded'),
  ).toBeVisible();
  // Not being sent: the button says what the part waits for, not 'Submitting...'.
  await expect(ayesha.getByRole('button', { name: 'Waiting for uploads…' })).toBeDisabled();
  await ayesha.getByRole('button', { name: 'Edit my part' }).scrollIntoViewIfNeeded();
  await viewShot(ayesha, 'join-queued-view-360');
  await inBothThemes(ayesha, 'join-queued-360', 'invitation page, part waiting for its files');
  // Her part is not on the server yet: the manager sees one done.
  await manager.reload();
  await expect(list.getByText('1 of 3 done.')).toBeVisible();

  // Back online at the end: her files go up, her part follows by itself, and her own tracking
  // page opens.
  await offline.backOnline();
  const ayeshaToken = await submitted(ayesha);
  expect(ayeshaToken).not.toBe(siphoToken);

  // The manager: two done, Johan still invited; no personal detail on the page.
  await manager.reload();
  await expect(list.getByText('2 of 3 done.')).toBeVisible();
  const johan = list.getByRole('listitem').filter({ hasText: 'Dr Johan Botha' }).first();
  await expect(johan.getByText('Invited')).toBeVisible();
  await expect(manager.locator('body')).not.toContainText('Sipho-id.pdf');
  await inBothThemes(manager, 'manager-desktop', 'practice page, two done');

  // Staff on the desktop: the practice's page (decision 127), two of three submitted, and each
  // submission with the practice's documents and its own.
  const session = await staffSession(request);
  await desktop.addCookies([{ name: SESSION_COOKIE, value: session.value, url: session.origin }]);
  const staff = await desktop.newPage();
  await staff.goto('/dashboard');
  await appReady(staff);
  await staff
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Practices' })
    .click();
  await staff
    .getByRole('row')
    .filter({ hasText: PRACTICE })
    .getByRole('link', { name: PRACTICE })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  const people = staff.getByRole('region', { name: /Practitioners \(2 of 3 submitted\)/ });
  await expect(people.getByRole('row').filter({ hasText: 'Dr Johan Botha' })).toContainText(
    'Not sent yet',
  );
  await inBothThemes(staff, 'staff-practice-desktop', 'staff practice page');
  const practicePage = staff.url();
  const personal: { id: string; downloadUrl: string }[] = [];
  for (const name of ['Sipho Dlamini', 'Ayesha Patel']) {
    await staff.goto(practicePage);
    await people.getByRole('link', { name: `Review ${name}'s submission` }).click();
    await expect(staff.getByRole('heading', { name, level: 1 })).toBeVisible();
    for (const text of [...SHARED, `${name.split(' ')[0]}-id.pdf`])
      await expect(staff.getByText(text, { exact: false }).first()).toBeVisible();
    const id = /\/submissions\/([^/?#]+)/.exec(staff.url())![1]!;
    const review = await request.get(`/api/admin/submissions/${id}`, {
      headers: { Cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    const body = (await review.json()) as {
      documents: { id: string; sectionKey: string; downloadUrl: string }[];
    };
    personal.push(body.documents.find((d) => d.sectionKey === 'certified_id')!);
  }
  await inBothThemes(staff, 'staff-submission-desktop', 'staff submission of a practice');
  // The manager's link reaches no practitioner's personal document (HTTP).
  const managerView = await request.get(`/api/practices/${practiceToken}`);
  expect(managerView.status()).toBe(200);
  const seen = await managerView.text();
  for (const hidden of ['Sipho-id.pdf', siphoToken, ...personal.map((d) => d.id)])
    expect(seen).not.toContain(hidden);
  expect((await request.get(`/api/submissions/${practiceToken}`)).status()).toBe(404);
  expect((await request.get(`/api/practice-invitations/${practiceToken}`)).status()).toBe(404);
  for (const doc of personal) {
    const download = await request.get(`/api/admin/documents/${doc.id}/download`, {
      headers: { Authorization: `Bearer ${practiceToken}` },
    });
    expect([401, 403]).toContain(download.status());
    // The file itself: staff's signed link opens it; without its signature it is refused.
    const file = new URL(doc.downloadUrl, baseURL);
    expect((await request.get(file.href)).status()).toBe(200);
    const bare = await request.get(`${file.pathname}?token=${practiceToken}`);
    expect(bare.status()).not.toBe(200);
  }

  // Johan never sends his: his link still opens his part. A withdrawn or unknown link says
  // to ask the manager.
  const johanDesk = await desktop.newPage();
  await johanDesk.goto(await invitationLink(address('johan')));
  await appReady(johanDesk);
  await expect(johanDesk.getByRole('region', { name: "Your practice's part" })).toBeVisible();
  await inBothThemes(johanDesk, 'join-desktop', 'invitation page on a desktop');
  await johanDesk.goto('/practice/join?invitation=not-a-real-link');
  await expect(johanDesk.getByText('This invitation link no longer works')).toBeVisible();
  await expectNoSeriousAxeViolations(johanDesk, { what: 'closed invitation' });
  await shot(johanDesk, 'join-closed-desktop');

  await Promise.all([desktop.close(), siphoPhone.close(), ayeshaPhone.close()]);
});
