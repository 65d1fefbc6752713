// Terms & Conditions and POPIA Consent (docs/product.md#entities "Terms document", §9).
// Plain data: rendered by the terms page, the consent dialog and print view.
// The bureau's trading name is configured at runtime, so the text refers to "the Bureau".
// Changing any wording that affects the practitioner's rights means a new TERMS_VERSION.
import { TERMS_VERSION } from './terms-version.ts';

export type TermsSection = { id: string; title: string; paragraphs: string[] };

export const terms: {
  version: '1.0.0';
  lastUpdated: '2025-01-19';
  title: 'Terms & Conditions and POPIA Consent';
  introduction: string[];
  sections: TermsSection[];
  closing: string[];
  printFooter: string;
} = {
  version: TERMS_VERSION,
  lastUpdated: '2025-01-19',
  title: 'Terms & Conditions and POPIA Consent',
  introduction: [
    'These Terms & Conditions ("Terms") govern your use of the Bureau\'s practitioner onboarding portal (the "Service") and the services the Bureau provides when it prepares and submits applications for registration with medical schemes on your behalf. "You" means the healthcare practitioner, or the person authorised to act for the practice, who completes and submits an application.',
    'The Terms also contain your consent to the processing of your personal information in accordance with the Protection of Personal Information Act 4 of 2013 ("POPIA"). Please read them carefully. You must accept them, by ticking the consent box, before you can submit an application.',
  ],
  sections: [
    {
      id: 'purpose',
      title: '1. Purpose of this Service',
      paragraphs: [
        'The Bureau is a medical billing bureau that also acts as an onboarding facilitator for healthcare practitioners. The Service lets you choose your practice type (an established practice already registered with medical schemes, or a new practice that still needs to register), give your contact and practice details, select the medical schemes and administrators you wish to be registered with, upload supporting documents and follow the progress of your application.',
        'When you submit an application you receive a tracking token. The token gives you full status details of your application. A limited status check is also available using your practice (PCNS) number or your South African ID number; it shows only high-level progress information.',
        'The Bureau is not a medical scheme, a medical scheme administrator or a managed care organisation, and it does not act for any of them. Nothing in the Service is medical, legal, tax or financial advice. Decisions about whether to contract with a particular scheme remain yours.',
      ],
    },
    {
      id: 'accuracy',
      title: '2. Accuracy of Information',
      paragraphs: [
        'You must ensure that all information you provide is accurate, complete, current and not misleading. This includes your personal details, your Health Professions Council of South Africa (HPCSA) registration number, your practice number issued by the Board of Healthcare Funders (BHF) through the Practice Code Numbering System (PCNS), your banking details and every document you upload.',
        'The Bureau relies on the information you give it and will generally not verify it independently, although it may ask you for proof or confirm details with the HPCSA, the BHF or the schemes concerned. Incorrect or incomplete information can cause an application to be delayed, returned or rejected by a scheme, and payments from schemes to be made to the wrong account or withheld.',
        'You must tell the Bureau promptly of any change to the information you have supplied, including a change of banking details, practice address, practice number status or HPCSA registration status.',
        'Submitting false or fraudulent information or documents is a serious matter. The Bureau may stop processing an application and may report suspected fraud to the relevant scheme, regulator or the South African Police Service.',
      ],
    },
    {
      id: 'medical-aid-registration',
      title: '3. Medical Aid Registration Process',
      paragraphs: [
        'By submitting an application you authorise the Bureau to act as your agent in preparing, submitting and following up your registration applications with the medical schemes and administrators you selected, and to correspond with them about your applications.',
        'Each scheme and administrator sets its own registration criteria, forms, network and contracting rules and processing times. Approval is entirely at the discretion of the scheme. The Bureau cannot guarantee that any scheme will approve your application, the timeframe in which a scheme will process it, or the tariffs, rates or reimbursement a scheme will pay once you are registered.',
        "A scheme may contact you directly to request further information, to verify your details or to conclude an agreement with you. Please respond promptly and let the Bureau know, so that it can keep your application moving. Status updates in the Service reflect the information the Bureau has received and may lag behind a scheme's own records.",
      ],
    },
    {
      id: 'document-requirements',
      title: '4. Document Requirements',
      paragraphs: [
        'You must upload clear, complete and legible copies of the documents requested for your practice type, in the accepted file formats. Depending on your application these include a certified copy of your ID document, proof of banking details, your BHF/PCNS practice number confirmation or application, your HPCSA registration certificate, proof of professional indemnity cover and proof of address that is not more than 3 months old. Uploaded files are checked for type and size and may be compressed before they are stored.',
        "Some schemes may require certified hard copies of certain documents in addition to, or instead of, the electronic copies. Where this applies, the Bureau will tell you which documents are needed and where to send them. Copies must be certified as true copies of the original by a commissioner of oaths (for example at a South African Police Service station, a post office or an attorney's office). Many schemes will not accept a certification that is more than 3 months old.",
        'You must post or courier the certified hard copies to the Bureau at the address it gives you, quoting your tracking token. The Bureau will check them and forward them to the scheme concerned. The registration with that scheme cannot be completed until the hard copies have been received.',
        'Please keep copies of everything you send and use a tracked postal or courier service. The Bureau is not responsible for documents lost or delayed in the post or by a courier before they reach the Bureau.',
      ],
    },
    {
      id: 'popia-compliance',
      title: '5. Protection of Personal Information (POPIA)',
      paragraphs: [
        'The Bureau is the responsible party for the personal information you provide through the Service and processes it in accordance with the Protection of Personal Information Act 4 of 2013 (POPIA). The information includes your name and contact details, ID number, professional registration and practice numbers, practice details, banking details and the documents you upload.',
        'The Bureau processes this information to prepare, submit and track your registration applications, to communicate with you, to provide billing bureau services if you appoint it to do so, and to meet its legal obligations. It shares your information only with the medical schemes and administrators you select, with bodies that must verify your details (such as the BHF and the HPCSA), and with service providers (operators) that host, store or transmit data for the Bureau under written agreements that require them to keep it secure and confidential. Where information is stored or processed outside South Africa, the Bureau will do so only as permitted by section 72 of POPIA.',
        'The Bureau applies appropriate, reasonable technical and organisational measures to protect your information against loss, damage and unauthorised access, and will notify you and the Information Regulator if it has reasonable grounds to believe your information has been accessed or acquired by an unauthorised person.',
        'Your personal information is retained for the duration of your relationship with the Bureau plus 7 years, so that the Bureau can meet its legal, tax and audit obligations and deal with any queries or disputes. After that period it is securely destroyed, deleted or de-identified.',
        "You have the right to request access to the personal information the Bureau holds about you; to request the correction or deletion of information that is inaccurate, irrelevant, excessive, out of date, incomplete, misleading or unlawfully obtained; to object to processing on reasonable grounds; and to withdraw your consent at any time (withdrawal does not affect processing that has already taken place, or processing the Bureau must carry out by law or to complete an application already submitted). Contact the Bureau's Information Officer through the Service's support link to exercise these rights. You may also lodge a complaint with the Information Regulator (South Africa) via its website at https://inforegulator.org.za.",
      ],
    },
    {
      id: 'confidentiality',
      title: '6. Confidentiality',
      paragraphs: [
        'The Bureau treats the information and documents you submit as confidential. Its staff may access them only as needed to process your application or provide services to you, and are bound by confidentiality obligations.',
        'The Bureau will not disclose your information to anyone other than the parties described in section 5, unless you ask it to, or it is required to do so by law, by a court order or by a regulator.',
        'Your tracking token gives access to the full status of your application. Keep it private and do not share it with anyone you do not want to see your application. The Bureau is not responsible for access gained by someone who obtains your token from you or your devices.',
      ],
    },
    {
      id: 'liability',
      title: '7. Limitation of Liability',
      paragraphs: [
        'The Bureau cannot guarantee scheme approvals, timeframes or reimbursement. Registration decisions, network and contracting decisions, tariffs and payments are made by the schemes and administrators, not by the Bureau.',
        'To the fullest extent permitted by law, the Bureau accepts no liability for any loss or damage arising from: decisions made by medical schemes or administrators, including rejections, delays, conditions or changes to their rules; errors, omissions or inaccuracies in the information or documents supplied by you or your practice; or outages, failures or delays of third parties, including scheme and administrator systems, postal and courier services, internet and telecommunications providers and hosting providers.',
        "The Bureau is not liable for any indirect or consequential loss, including loss of income, profit or patients. Where the Bureau is found liable, its total liability in connection with an application is limited to the fees you paid for that application. Nothing in these Terms limits liability that cannot lawfully be limited, including liability for the Bureau's gross negligence or wilful misconduct, or any right you have under the Consumer Protection Act 68 of 2008 where that Act applies.",
      ],
    },
    {
      id: 'fees-payment',
      title: '8. Fees and Payment',
      paragraphs: [
        "The Bureau's fees for onboarding and registration services are set out in the quotation or invoice it gives you. Fees are quoted in South African rand and include VAT where VAT is payable.",
        'Payment is required before final submission of your applications to the schemes. The Bureau may prepare and review your application before payment, but will not submit it to any scheme until the applicable fees have been received.',
        'Fees are non-refundable once processing has begun. Processing begins when the Bureau starts reviewing your submission and documents. A scheme declining or delaying your application does not entitle you to a refund.',
        'Costs you incur yourself, such as certification by a commissioner of oaths, postage and courier fees, and any fees charged by the BHF, the HPCSA or a scheme, are your responsibility. Billing bureau services for claims submission, if you choose to use them, are governed by a separate agreement.',
      ],
    },
    {
      id: 'contract-management',
      title: '9. Contract Management',
      paragraphs: [
        'If you run an established practice, you may tell the Bureau which of your existing scheme contracts or network agreements you wish to keep, review or cancel, and which you would like to learn more about. If you run a new practice, you may indicate your interest in joining scheme networks or contracts.',
        'The Bureau will act on these preferences as part of your application, for example by requesting network agreements, explaining their terms in general or submitting cancellation notices on your instructions. It will not accept, sign or cancel any contract on your behalf without your express instruction, and it does not negotiate tariffs unless it has agreed in writing to do so.',
        'Scheme contracts are agreements between you and the scheme. You remain bound by their terms, including notice periods, designated service provider obligations and tariff arrangements, and you are responsible for reading them before you accept them.',
      ],
    },
    {
      id: 'amendments',
      title: '10. Amendments to these Terms',
      paragraphs: [
        'The Bureau may amend these Terms from time to time, for example to reflect changes in the law, in scheme requirements or in the Service. Each version carries a version number and a "last updated" date, which are shown at the top of this document.',
        'Your consent is recorded together with the version of the Terms you accepted. Applications already submitted remain governed by the version you accepted, unless a change is required by law. If you submit a new application after the Terms have changed, you will be asked to accept the current version.',
        'Material changes will be brought to your attention through the Service or by e-mail before they affect you.',
      ],
    },
    {
      id: 'governing-law',
      title: '11. Governing Law',
      paragraphs: [
        "These Terms are governed by the laws of the Republic of South Africa. You agree to submit to the jurisdiction of the South African courts, and you consent to the jurisdiction of the Magistrates' Court for any claim that falls within that court's jurisdiction.",
        'Before going to court, the parties will first try to resolve any dispute in good faith by discussion. This does not affect your right to lodge a complaint with the Information Regulator about the processing of your personal information, or with any other competent regulator.',
        'If any provision of these Terms is found to be invalid or unenforceable, the remaining provisions continue in full force.',
      ],
    },
    {
      id: 'acceptance',
      title: '12. Acceptance',
      paragraphs: [
        'By ticking the POPIA consent checkbox on the application form, you confirm that you have read and understood these Terms, that you accept them, and that you consent to the processing of your personal information as described in section 5.',
        'The POPIA consent checkbox must be ticked to submit an application. If you do not accept these Terms, you cannot submit an application through the Service. When you tick the box, the Service records the date and time, the version of the Terms you accepted and the browser you used, as a record of your consent.',
        'If you submit an application on behalf of a practitioner or practice, you confirm that you are authorised to do so and to give this consent on their behalf.',
      ],
    },
  ],
  closing: [
    'If you have any questions about these Terms or about how your personal information is handled, please contact the Bureau through the support link in the Service before you submit your application.',
    'Please keep a copy of these Terms for your records. You can print them from this page at any time.',
  ],
  printFooter:
    "Terms & Conditions and POPIA Consent · Version 1.0.0 · Last updated 19 January 2025 · Printed copy for the practitioner's records",
};
