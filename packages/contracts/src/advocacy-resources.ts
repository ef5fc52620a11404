/**
 * The advocacy resources (GET /get-advocacy-files): written guides for patients in Nigeria, read
 * on the site at /advocacy/resources/{slug}, and videos still being made. Zod-free and
 * browser-safe, so the web renders the guides from here too. The guides name the public bodies
 * only in general terms and give no phone numbers: those change, and a wrong one costs a patient
 * a wasted call.
 */
export interface AdvocacyGuideSection {
  heading: string;
  paragraphs: string[];
}

export interface AdvocacyResourceData {
  /** The resource's `_id` in the API and the last part of its address. */
  slug: string;
  kind: 'ebook' | 'video';
  title: string;
  summary: string;
  /** Reading time of a guide, planned length of a video. */
  minutes: number;
  /** Guides are readable now; videos say "Coming soon". */
  available: boolean;
  /** The guide's text (guides only). */
  sections?: AdvocacyGuideSection[];
}

type Guide = Omit<AdvocacyResourceData, 'kind' | 'available' | 'minutes'> & {
  sections: AdvocacyGuideSection[];
};

/** Minutes to read at about 200 words a minute, at least 1. */
export function readingMinutes(sections: readonly AdvocacyGuideSection[]): number {
  const words = sections
    .flatMap((section) => [section.heading, ...section.paragraphs])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

const guides: Guide[] = [
  {
    slug: 'your-rights-as-a-patient-in-nigeria',
    title: 'Your rights as a patient in Nigeria',
    summary:
      'What every hospital and clinic owes you: information, consent, privacy, respect and emergency care.',
    sections: [
      {
        heading: 'Where your rights come from',
        paragraphs: [
          "Your rights as a patient are set out in several places. The National Health Act of 2014 covers emergency treatment, consent and the confidentiality of your health records. The Patients' Bill of Rights, launched by the Federal Government with the consumer protection authority, gathers these rights in plain words. The professional codes of doctors, nurses and pharmacists, and consumer protection law, add to them.",
        ],
      },
      {
        heading: 'Information and consent',
        paragraphs: [
          'You have the right to know what is wrong with you, what treatment is proposed, what the risks and alternatives are, and roughly what it will cost, in words you understand. You may ask questions and bring someone with you.',
          'No test, operation or treatment should be done without your consent, except in an emergency when you cannot give it. You may refuse a treatment or ask for a second opinion. For an operation you will usually be asked to sign a consent form: read it, and ask for anything unclear to be explained before you sign.',
        ],
      },
      {
        heading: 'Privacy, dignity and respect',
        paragraphs: [
          'What you tell your health workers and what is written in your records is confidential. It should not be shared with your employer, your family or anyone else without your permission, except where the law requires it.',
          'You should be treated with courtesy and without discrimination because of your ethnic group, religion, sex, age, disability, HIV status or ability to pay. Examinations should take place in privacy.',
        ],
      },
      {
        heading: 'Emergency care',
        paragraphs: [
          'The National Health Act says that no one may be refused emergency treatment. A hospital should stabilise a person in an emergency before asking for a deposit or payment. Victims of gunshot wounds must be treated without first being asked for a police report.',
        ],
      },
      {
        heading: 'When your rights are not respected',
        paragraphs: [
          "Raise it first with the person in charge of the ward or the hospital's complaints desk; public hospitals have a SERVICOM unit for this. If that does not work, write a formal complaint, keep a copy, and use the other guides here to take it further. You can also send your complaint through this site and we will help you follow it up.",
        ],
      },
    ],
  },
  {
    slug: 'how-to-write-a-formal-complaint-to-a-hospital',
    title: 'How to write a formal complaint to a hospital',
    summary:
      'A step-by-step guide to a clear written complaint that gets a reply, with what to include and what to keep.',
    sections: [
      {
        heading: 'Start informally, if you can',
        paragraphs: [
          'Many problems are solved fastest by speaking to the nurse in charge, the doctor or the head of the unit while you are still at the hospital. Stay calm, say what went wrong and what you would like done. Note the name of the person you spoke to, the date and what they promised.',
        ],
      },
      {
        heading: 'What to put in your letter',
        paragraphs: [
          "Address your letter to the Chief Medical Director, Medical Director or hospital administrator, or to the hospital's SERVICOM or complaints unit.",
          "Include your full name, phone number and address; the patient's name and hospital number if you are writing for someone else; the dates, the ward or clinic, and the names or roles of the staff involved; what happened, in the order it happened; how it affected you; and what you want the hospital to do, such as an explanation, an apology, a corrected bill, your records or a change in practice.",
          'Keep it factual and short, ideally one or two pages. Avoid insults: they make it easier to dismiss a fair complaint.',
        ],
      },
      {
        heading: 'Send it so you can prove it',
        paragraphs: [
          'Deliver your letter by hand and ask for a stamped and dated acknowledgement on your copy, or send it by email and keep the sent message. Attach copies, never originals, of receipts, bills, prescriptions, test results and photographs.',
        ],
      },
      {
        heading: 'If you get no answer',
        paragraphs: [
          "Ask for a written reply within a reasonable time, such as two to four weeks. If none comes, or the answer does not deal with your concerns, write again to the head of the hospital, quoting your first letter. After that you can go to the body that oversees the hospital or the professional concerned: the state Ministry of Health for many hospitals, the Medical and Dental Council of Nigeria for a doctor's conduct, or the National Health Insurance Authority where an HMO is involved. When you send your complaint through this site, our advocates track these steps with you.",
        ],
      },
    ],
  },
  {
    slug: 'getting-your-medical-records',
    title: 'Getting your medical records',
    summary:
      'Why your records matter, how to ask for a copy or a medical report, and what to do if the hospital refuses.',
    sections: [
      {
        heading: 'Why you may need them',
        paragraphs: [
          'Your records show your diagnoses, tests, treatment and the notes of the staff who cared for you. You may need them to see a new doctor, to get a second opinion, to claim from insurance, or to support a complaint.',
        ],
      },
      {
        heading: 'Your right to see your information',
        paragraphs: [
          'The National Health Act protects the confidentiality of your records, and the Nigeria Data Protection Act gives you the right to a copy of the personal information an organisation holds about you, and that includes a hospital. The hospital keeps the original file; you are entitled to your information, usually as copies or a medical report written by a doctor.',
        ],
      },
      {
        heading: 'How to ask',
        paragraphs: [
          "Write to the hospital's medical records department or the head of the hospital. Give the patient's full name, date of birth, hospital or card number and the dates of treatment, and say exactly what you want: the whole file, particular test results, scans, a discharge summary or a medical report.",
          'Show your identification. If you are asking for someone else, bring their written authority; for a patient who has died, the next of kin may have to show proof of the relationship. Ask when the copies will be ready and keep a copy of your request.',
          'A hospital may charge a reasonable fee for copying or for writing a report. Ask for the fee in writing and keep the receipt.',
        ],
      },
      {
        heading: 'If the hospital refuses or delays',
        paragraphs: [
          'Ask for the reason in writing. Then write to the head of the hospital, quoting your first request. If the delay goes on, you can complain to the Nigeria Data Protection Commission about the refusal to give you your personal information, or ask us for help through the complaint form.',
        ],
      },
    ],
  },
  {
    slug: 'understanding-your-hospital-bill',
    title: 'Understanding your hospital bill',
    summary:
      'How to read an itemised bill, spot charges that should not be there and challenge them politely and in writing.',
    sections: [
      {
        heading: 'Ask for an estimate first',
        paragraphs: [
          'Before a planned operation or admission, ask for a written estimate of the costs: consultation, tests, the theatre, drugs and consumables, and the daily bed charge. Ask what is not included. If you have insurance, ask what your HMO will pay and what you must pay yourself.',
        ],
      },
      {
        heading: 'Ask for an itemised bill',
        paragraphs: [
          'A single total is not enough. You are entitled to know what you are paying for. Ask for a bill that lists each item with its date, quantity and price.',
          'Check it against what actually happened: the number of days you were admitted, the drugs you were given, the tests that were really done. Common mistakes include charges for the day of discharge, duplicated tests, drugs that were prescribed but never given, and consumables charged twice.',
        ],
      },
      {
        heading: 'Challenging a charge',
        paragraphs: [
          "Speak to the billing office first and ask them to explain each item you question. If the answer does not satisfy you, write to the hospital's accounts department or administrator, list the items you dispute and why, and ask for a corrected bill. Pay the parts you agree with if you can, and keep every receipt.",
          'A hospital should not hold a patient or a body because a bill is unpaid. If this happens, seek help at once: contact the hospital management, and ask us or a lawyer for help.',
        ],
      },
      {
        heading: 'Taking it further',
        paragraphs: [
          'Unfair or hidden charges are a consumer matter as well as a health one. If the hospital will not correct the bill, you can complain to the Federal Competition and Consumer Protection Commission, or to your HMO and the National Health Insurance Authority if you are insured. Choose the category "medical billing" when you send your complaint through this site.',
        ],
      },
    ],
  },
  {
    slug: 'nhia-health-insurance-and-hmo-complaints',
    title: 'NHIA health insurance and how to complain about an HMO',
    summary:
      'How health insurance works in Nigeria, what your HMO owes you and the steps to take when it lets you down.',
    sections: [
      {
        heading: 'How it works',
        paragraphs: [
          'The National Health Insurance Authority (NHIA) regulates health insurance in Nigeria. Most insured people are enrolled through their employer, a state health insurance scheme or a private plan, and their care is managed by a Health Maintenance Organisation (HMO) that pays the hospitals on the plan.',
          'You choose, or are given, a primary care provider. Specialist care usually needs a referral, and some treatments need the HMO to approve them first.',
        ],
      },
      {
        heading: 'What to ask for',
        paragraphs: [
          'Ask your HMO or employer for your enrolment details and a list of what your plan covers and excludes, and keep your insurance number with you. Ask how to change your hospital if you are not happy with it.',
          'When a hospital says a service is not covered, ask to see that in writing and check it with your HMO before you pay. If you must pay for something that should be covered, keep the receipts and ask the HMO how to claim the money back.',
        ],
      },
      {
        heading: 'Complaining about an HMO or a provider',
        paragraphs: [
          "Complain to the HMO first, in writing, with your insurance number, the hospital's name, the dates, and what you were refused or charged. Ask for a reference number and a reply within a set time.",
          "If the HMO does not resolve it, take your complaint to the NHIA, which handles complaints about HMOs and health care facilities on its schemes. If you are on a state scheme, the state's health insurance agency is the place to go. Keep copies of everything you send.",
        ],
      },
      {
        heading: 'We can help',
        paragraphs: [
          'Choose the category "health insurance" when you send your complaint through this site. Tell us your HMO, your plan and what happened, and our advocates will help you take it up.',
        ],
      },
    ],
  },
  {
    slug: 'what-to-do-after-a-medical-error',
    title: 'What to do after a medical error',
    summary:
      'Practical steps after care went wrong: getting help, keeping records, asking for answers and knowing where to complain.',
    sections: [
      {
        heading: 'First, get the care you need',
        paragraphs: [
          'Your health comes first. If you are still unwell, get treatment, at the same hospital or another one. Tell the new doctor what happened; it helps them treat you and creates a record.',
        ],
      },
      {
        heading: 'Write it down and keep everything',
        paragraphs: [
          'As soon as you can, write down what happened: dates, times, names, what was said and done, and who was present. Memories fade quickly.',
          'Keep prescriptions, drug packets, receipts, test results and discharge papers. Ask for a copy of your medical records (see our guide "Getting your medical records"). Photographs of visible injuries can help.',
        ],
      },
      {
        heading: 'Ask the hospital for an explanation',
        paragraphs: [
          'You are entitled to an honest account of what went wrong. Ask for a meeting with the doctor in charge or the head of the hospital, and bring someone with you. Then write a formal complaint asking what happened, why, and what the hospital will do to put it right and stop it happening again.',
        ],
      },
      {
        heading: 'Where else to complain',
        paragraphs: [
          "The Medical and Dental Council of Nigeria can investigate a doctor's or dentist's professional conduct; the Nursing and Midwifery Council of Nigeria and the Pharmacists Council of Nigeria do the same for their professions. The state Ministry of Health oversees many hospitals. These bodies can discipline professionals; they do not award compensation.",
          'If you want compensation, speak to a lawyer early, because there are time limits on legal claims. If you cannot afford a lawyer, ask whether you qualify for free help from the Legal Aid Council of Nigeria.',
        ],
      },
      {
        heading: 'You are not alone',
        paragraphs: [
          'Choose the category "medical errors/Negligence" when you send your complaint through this site. Our advocates will listen, help you gather what you need and follow up with you.',
        ],
      },
    ],
  },
];

const videos: Omit<AdvocacyResourceData, 'kind' | 'available'>[] = [
  {
    slug: 'video-know-your-rights',
    title: 'Know your rights in five minutes',
    summary: 'The main rights of every patient in Nigeria, explained simply.',
    minutes: 5,
  },
  {
    slug: 'video-speaking-up-on-the-ward',
    title: 'Speaking up on the ward',
    summary: 'How to raise a concern with nurses and doctors calmly and get a response.',
    minutes: 6,
  },
  {
    slug: 'video-writing-your-complaint',
    title: 'Writing your complaint, step by step',
    summary: 'We write a formal complaint letter together, from the first line to the attachments.',
    minutes: 8,
  },
  {
    slug: 'video-asking-for-your-records',
    title: 'Asking for your medical records',
    summary: 'What to say, what to bring and what to do if the hospital says no.',
    minutes: 5,
  },
  {
    slug: 'video-reading-a-hospital-bill',
    title: 'Reading a hospital bill',
    summary: 'We go through an itemised bill line by line and spot common mistakes.',
    minutes: 7,
  },
  {
    slug: 'video-your-hmo-and-you',
    title: 'Your HMO and you',
    summary: 'How health insurance works, what your plan covers and how to complain to your HMO.',
    minutes: 7,
  },
  {
    slug: 'video-informed-consent',
    title: 'Informed consent: before you sign',
    summary: 'The questions to ask before an operation or a new treatment.',
    minutes: 6,
  },
  {
    slug: 'video-after-a-medical-error',
    title: 'After a medical error',
    summary: 'Patients and an advocate talk about the steps they took when care went wrong.',
    minutes: 10,
  },
  {
    slug: 'video-becoming-a-patient-advocate',
    title: 'Becoming a volunteer advocate',
    summary: 'What our volunteer advocates do and how you can join them in your community.',
    minutes: 6,
  },
];

export const advocacyResources: readonly AdvocacyResourceData[] = [
  ...guides.map((guide) => ({
    ...guide,
    kind: 'ebook' as const,
    available: true,
    minutes: readingMinutes(guide.sections),
  })),
  ...videos.map((video) => ({ ...video, kind: 'video' as const, available: false })),
];

/** A readable guide by its slug, or undefined (videos have no text yet). */
export function findAdvocacyGuide(
  slug: string,
): (AdvocacyResourceData & { sections: AdvocacyGuideSection[] }) | undefined {
  const found = advocacyResources.find((resource) => resource.slug === slug);
  return found?.kind === 'ebook' && found.sections
    ? (found as AdvocacyResourceData & { sections: AdvocacyGuideSection[] })
    : undefined;
}
