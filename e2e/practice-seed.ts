// A practice that onboarded together, made through the API for the manager's and the staff's
// journeys (decisions 120, 127): the manager's part with two shared documents, three invited
// practitioners, and the first `sent` of them sent their own part through the link in their
// invitation mail.
import { type APIRequestContext, expect } from '@playwright/test';
import { waitForMail } from './mail-box.ts';
import { saIdNumber, upload } from './track-seed.ts';

const PEOPLE = [
  { key: 'sipho', firstName: 'Sipho', lastName: 'Dlamini' },
  { key: 'ayesha', firstName: 'Ayesha', lastName: 'Patel' },
  { key: 'johan', firstName: 'Johan', lastName: 'Botha' },
];

export async function seedPractice(
  request: APIRequestContext,
  sent = 2,
  stamp = Date.now(),
  name = `Clifton Group Practice ${stamp.toString(36).slice(-5)}`,
) {
  const address = (who: string) => `${who}.${stamp}@clifton.example.co.za`;
  const created = await request.post('/api/practices', {
    data: {
      practiceType: 'established',
      practiceNumber: String(stamp % 10_000_000).padStart(7, '0'),
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
      name,
      address: '4 Victoria Road, Clifton, Cape Town, 8005',
      contactPhone: '021 555 0177',
      contactEmail: address('reception'),
      managerName: 'Naledi Khumalo',
      managerEmail: address('manager'),
      selectedParents: ['discovery', 'bestmed'],
      selectedSchemes: ['discovery_health_medical_scheme', 'bestmed'],
      documents: [
        await upload(request, 'bhf_form', 'pdf'),
        await upload(request, 'bank_proof', 'pdf'),
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { practiceToken } = (await created.json()) as { practiceToken: string };
  const practitioners = [];
  for (const [i, who] of PEOPLE.entries()) {
    const email = address(who.key);
    const invited = await request.post(`/api/practices/${practiceToken}/invitations`, {
      data: { name: `Dr ${who.firstName} ${who.lastName}`, email },
    });
    expect(invited.status()).toBe(201);
    if (i >= sent) continue;
    const idNumber = saIdNumber(`51${i}2`);
    const mail = await waitForMail(email, 'invitation=');
    const invitation = /invitation=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const res = await request.post(`/api/practice-invitations/${invitation}/submission`, {
      data: {
        practitioner: {
          firstName: who.firstName,
          lastName: who.lastName,
          idNumber,
          email,
          phone: '082 123 4567',
          specialization: 'General Practice',
        },
        hpcsaNumber: `MP065432${i}`,
        selectedSchemes: ['discovery_health_medical_scheme', 'bestmed'],
        documents: [await upload(request, 'certified_id', 'jpeg')],
        popiaConsent: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { trackingToken } = (await res.json()) as { trackingToken: string };
    practitioners.push({
      ...who,
      name: `${who.firstName} ${who.lastName}`,
      trackingToken,
      idNumber,
    });
  }
  return { name, practiceToken, practitioners };
}
