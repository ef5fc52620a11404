/**
 * Demo facilities and reviews (see docs/decisions/004). Every name is made up: none of these is
 * a real hospital or clinic, so no real institution is rated by invented reviewers. The places
 * are real states and local government areas.
 */
export interface DemoFacility {
  name: string;
  facilityType: string;
  services: string[];
  state: string;
  lga: string;
  address: string;
  verified: boolean;
  /** The ratings of its approved demo reviews, one per demo reviewer in turn. */
  ratings: number[];
}

export const DEMO_FACILITIES: DemoFacility[] = [
  {
    name: 'Oakvale Specialist Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Maternity', 'Surgery', 'Laboratory'],
    state: 'Lagos',
    lga: 'Ikeja',
    address: '14 Adekunle Fajuyi Way, GRA Ikeja',
    verified: true,
    ratings: [5, 5, 4, 5, 5, 5],
  },
  {
    name: 'Harbourview Family Clinic',
    facilityType: 'Clinic',
    services: ['General practice', 'Eye care', 'Laboratory'],
    state: 'Lagos',
    lga: 'Eti Osa',
    address: '3 Admiralty Crescent, Lekki Phase 1',
    verified: true,
    ratings: [4, 4, 5, 3],
  },
  {
    name: 'Amaka Hope Mother and Child Clinic',
    facilityType: 'Maternity home',
    services: ['Maternity', 'Paediatrics', 'Antenatal care'],
    state: 'Lagos',
    lga: 'Surulere',
    address: '27 Bode Thomas Street, Surulere',
    verified: false,
    ratings: [5, 4, 5, 4],
  },
  {
    name: 'Zuma Crestline Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Dialysis', 'Laboratory', 'Paediatrics'],
    state: 'Federal Capital Territory',
    lga: 'Bwari',
    address: 'Plot 9, Kubwa Express Road, Kubwa',
    verified: true,
    ratings: [5, 4, 5, 5, 4, 5],
  },
  {
    name: 'Greenfield Diagnostics Garki',
    facilityType: 'Diagnostic centre',
    services: ['Laboratory', 'Radiology', 'Ultrasound'],
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    address: '22 Ahmadu Bello Way, Area 11, Garki',
    verified: true,
    ratings: [4, 3, 4],
  },
  {
    name: 'Sunrise Eye Clinic Kuje',
    facilityType: 'Eye clinic',
    services: ['Eye care', 'Optical shop'],
    state: 'Federal Capital Territory',
    lga: 'Kuje',
    address: '5 Market Road, Kuje',
    verified: false,
    ratings: [],
  },
  {
    name: 'Dala Hills Kidney and Dialysis Centre',
    facilityType: 'Dialysis centre',
    services: ['Dialysis', 'Laboratory', 'Nephrology'],
    state: 'Kano',
    lga: 'Dala',
    address: '41 Gwammaja Road, Dala',
    verified: true,
    ratings: [4, 5, 3, 4, 4],
  },
  {
    name: 'Tarauni Family Health Clinic',
    facilityType: 'Clinic',
    services: ['General practice', 'Maternity', 'Paediatrics'],
    state: 'Kano',
    lga: 'Tarauni',
    address: '8 Unguwa Uku Road, Tarauni',
    verified: false,
    ratings: [3, 2, 4],
  },
  {
    name: 'Garden City Riverside Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Surgery', 'Maternity', 'Laboratory'],
    state: 'Rivers',
    lga: 'Port Harcourt',
    address: '16 Aggrey Road, Port Harcourt Township',
    verified: true,
    ratings: [4, 3, 5, 2, 4],
  },
  {
    name: 'Eleme Community Health Clinic',
    facilityType: 'Primary health centre',
    services: ['General practice', 'Paediatrics', 'Immunisation'],
    state: 'Rivers',
    lga: 'Eleme',
    address: 'Ogale Junction, Eleme',
    verified: false,
    ratings: [],
  },
  {
    name: "Bodija Heights Children's Hospital",
    facilityType: 'Specialist hospital',
    services: ['Paediatrics', 'Emergency', 'Laboratory'],
    state: 'Oyo',
    lga: 'Ibadan North',
    address: '10 Awolowo Avenue, Old Bodija',
    verified: false,
    ratings: [5, 4, 2],
  },
  {
    name: 'Coal City Kidney and Eye Hospital',
    facilityType: 'Specialist hospital',
    services: ['Dialysis', 'Eye care', 'Laboratory'],
    state: 'Enugu',
    lga: 'Enugu North',
    address: '33 Ogui Road, Enugu',
    verified: false,
    ratings: [3, 1, 4, 2],
  },
];

/** The demo reviewers (first and last name); nobody can sign in as them. */
export const DEMO_REVIEWERS: [string, string][] = [
  ['Ngozi', 'Eze'],
  ['Babatunde', 'Ogunleye'],
  ['Halima', 'Sani'],
  ['Emeka', 'Nwosu'],
  ['Funmilayo', 'Adebayo'],
  ['Ibrahim', 'Musa'],
];

/** Review texts by rating; a facility's reviews take them in turn. */
export const DEMO_REVIEW_TEXTS: Record<number, { title: string; content: string }[]> = {
  5: [
    {
      title: 'Calm, kind and quick',
      content:
        'The nurses explained every step and the doctor took time to answer my questions. We were seen within thirty minutes and the bill matched what we were told at the front desk.',
    },
    {
      title: 'They saved my father',
      content:
        'We came in at night with my father struggling to breathe. The emergency team acted at once, and the follow-up calls after discharge showed they really care.',
    },
    {
      title: 'Clean and well organised',
      content:
        'Everything was clean, the waiting area was orderly and results came back the same day. I would recommend this place to my family without hesitation.',
    },
  ],
  4: [
    {
      title: 'Good care, long queue',
      content:
        'The care itself was very good and the staff were respectful. The only problem was the queue in the morning, so come early or book an appointment.',
    },
    {
      title: 'Reliable for routine visits',
      content:
        'I have used this facility for check-ups for two years. Prices are fair and the laboratory is accurate, though parking is difficult on weekdays.',
    },
  ],
  3: [
    {
      title: 'Mixed experience',
      content:
        'The doctor was good but the records office lost my file and I had to repeat some tests. They apologised, but it cost me time and money.',
    },
  ],
  2: [
    {
      title: 'Not enough staff',
      content:
        'We waited almost four hours with a feverish child and nobody told us why. When we were finally seen the care was fine, but the wait was too long.',
    },
  ],
  1: [
    {
      title: 'Billing was not clear',
      content:
        'I was charged for items I never received and it took several visits to get it corrected. Please ask for an itemised bill before you pay.',
    },
  ],
};
