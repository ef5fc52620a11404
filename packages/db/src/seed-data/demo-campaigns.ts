import type { CampaignCategory, CampaignDuration } from '@ipatient/contracts/campaigns';

/** Demo campaign texts (see docs/decisions/004). `likes` and `approvedDaysAgo` shape the demo leaderboard. */
export interface DemoCampaign {
  organiser: [string, string];
  title: string;
  fundraisingFor: string;
  beneficiary: [string, string] | undefined;
  /** The beneficiary is a child: the organiser, their parent, agreed as guardian. */
  child?: true;
  description: string;
  category: CampaignCategory;
  duration: CampaignDuration;
  amountNeeded: number;
  state: string;
  lga: string;
  address: string;
  bankCode: string;
  likes: number;
  approvedDaysAgo: number;
}

/** A dozen campaigns across the country, so the leaderboard and the lists are alive on first start. */
export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    organiser: ['Chiamaka', 'Eze'],
    title: 'Help Chidera get her kidney transplant',
    fundraisingFor: 'Chidera Eze',
    beneficiary: ['Chidera', 'Eze'],
    description:
      'My younger sister Chidera is 24 and has been on dialysis three times a week at UNTH Enugu since March. The doctors say a kidney transplant is her best chance, and our mother is a match.\n\nThe surgery, the tests before it and the first months of anti-rejection drugs come to about ₦18 million. We have sold what we could. Every Green-Heart helps her campaign win the weekly funding.',
    category: 'Emergency Treatment/Surgery',
    duration: '6 months',
    amountNeeded: 18_000_000,
    state: 'Enugu',
    lga: 'Enugu North',
    address: 'University of Nigeria Teaching Hospital, Ituku-Ozalla',
    bankCode: '058',
    likes: 37,
    approvedDaysAgo: 19,
  },
  {
    organiser: ['Musa', 'Abdullahi'],
    title: 'Open-heart surgery for baby Aisha',
    fundraisingFor: 'Baby Aisha Abdullahi',
    beneficiary: ['Aisha', 'Abdullahi'],
    child: true,
    description:
      'Aisha is 14 months old and was born with a hole in her heart (ventricular septal defect). She tires quickly and has not gained weight. The cardiologists at Aminu Kano Teaching Hospital have referred her for open-heart surgery.\n\nThe operation and intensive care cost ₦9.5 million. I am a tailor in Kano and cannot raise this alone. Please help my daughter grow up.',
    category: 'Emergency Treatment/Surgery',
    duration: '3 months',
    amountNeeded: 9_500_000,
    state: 'Kano',
    lga: 'Tarauni',
    address: 'Aminu Kano Teaching Hospital, Zaria Road',
    bankCode: '011',
    likes: 31,
    approvedDaysAgo: 16,
  },
  {
    organiser: ['Folake', 'Adeyemi'],
    title: 'Cancer treatment for Mama Folake',
    fundraisingFor: 'Mrs Folake Adeyemi',
    beneficiary: undefined,
    description:
      'I was diagnosed with stage 2 breast cancer at UCH Ibadan in August. I have finished the first two cycles of chemotherapy and need four more, followed by surgery and radiotherapy.\n\nI am a primary school teacher and a mother of three. The remaining treatment will cost about ₦6.2 million. Thank you for standing with me.',
    category: 'Medication/Drug Expenses',
    duration: '6 months',
    amountNeeded: 6_200_000,
    state: 'Oyo',
    lga: 'Ibadan North',
    address: 'University College Hospital, Queen Elizabeth Road, Ibadan',
    bankCode: '033',
    likes: 26,
    approvedDaysAgo: 14,
  },
  {
    organiser: ['Emeka', 'Nwosu'],
    title: 'Help Tobenna walk again after an accident',
    fundraisingFor: 'Tobenna Nwosu',
    beneficiary: ['Tobenna', 'Nwosu'],
    description:
      'My son Tobenna, 19, was hit by a truck on the Onitsha expressway on his way to school. He broke his thigh bone and his pelvis. He needs two orthopaedic surgeries with implants and months of physiotherapy.\n\nThe hospital has started treatment on a deposit; we need ₦4.8 million to complete it.',
    category: 'Hospital Bill Support',
    duration: '3 months',
    amountNeeded: 4_800_000,
    state: 'Anambra',
    lga: 'Onitsha North',
    address: 'Federal Medical Centre, Onitsha',
    bankCode: '057',
    likes: 22,
    approvedDaysAgo: 12,
  },
  {
    organiser: ['Blessing', 'Okon'],
    title: 'Sickle cell care for the Okon twins',
    fundraisingFor: 'Edidiong and Ekaette Okon',
    beneficiary: ['Edidiong', 'Okon'],
    child: true,
    description:
      'Our twin girls, 9, both live with sickle cell anaemia. This year they have had five crises between them, each needing admission and blood transfusions at UUTH Uyo.\n\nWe are raising ₦2.5 million for a year of hydroxyurea, folic acid, regular check-ups and the hospital bills we still owe.',
    category: 'Medication/Drug Expenses',
    duration: '1 year',
    amountNeeded: 2_500_000,
    state: 'Akwa Ibom',
    lga: 'Uyo',
    address: 'University of Uyo Teaching Hospital, Abak Road',
    bankCode: '044',
    likes: 18,
    approvedDaysAgo: 10,
  },
  {
    organiser: ['Ibrahim', 'Danjuma'],
    title: 'Clear the hospital bill for my father',
    fundraisingFor: 'Mallam Danjuma Yusuf',
    beneficiary: ['Danjuma', 'Yusuf'],
    description:
      'My father had a stroke in October and spent five weeks at the National Hospital Abuja, two of them in intensive care. He is home now and recovering, but the hospital is holding a bill of ₦3.1 million.\n\nHelp us clear it so he can keep attending his physiotherapy.',
    category: 'Hospital Bill Support',
    duration: '2 months',
    amountNeeded: 3_100_000,
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    address: 'National Hospital, Central Business District, Abuja',
    bankCode: '232',
    likes: 15,
    approvedDaysAgo: 9,
  },
  {
    organiser: ['Ngozi', 'Obi'],
    title: 'Cataract surgery for Grandma Ngozi',
    fundraisingFor: 'Grandma Ngozi Obi',
    beneficiary: ['Ngozi', 'Obi'],
    description:
      'Grandma Ngozi, 71, is almost blind from cataracts in both eyes. She raised six grandchildren and now cannot see their faces. Surgery on both eyes at the Federal Medical Centre Owerri costs ₦850,000.\n\nA small amount for many of us can give her sight back.',
    category: 'Emergency Treatment/Surgery',
    duration: '1 month',
    amountNeeded: 850_000,
    state: 'Imo',
    lga: 'Owerri Municipal',
    address: 'Federal Medical Centre, Owerri',
    bankCode: '214',
    likes: 12,
    approvedDaysAgo: 7,
  },
  {
    organiser: ['Tunde', 'Balogun'],
    title: 'Insulin and care for Damilare',
    fundraisingFor: 'Damilare Balogun',
    beneficiary: ['Damilare', 'Balogun'],
    child: true,
    description:
      'Damilare is 12 and was diagnosed with type 1 diabetes after collapsing at school. He needs insulin every day, test strips, and regular visits to the endocrinologist at LUTH.\n\nWe are raising ₦1.2 million for a year of insulin and supplies while we find a lasting way to pay for it.',
    category: 'Medication/Drug Expenses',
    duration: '1 year',
    amountNeeded: 1_200_000,
    state: 'Lagos',
    lga: 'Surulere',
    address: 'Lagos University Teaching Hospital, Idi-Araba',
    bankCode: '058',
    likes: 9,
    approvedDaysAgo: 5,
  },
  {
    organiser: ['Grace', 'Ekpo'],
    title: 'Emergency caesarean bill for Grace',
    fundraisingFor: 'Grace Ekpo and her baby',
    beneficiary: undefined,
    description:
      'I had an emergency caesarean at UPTH Port Harcourt after a long labour. My baby boy spent twelve days in the neonatal unit. We are both home and well, thank God, but the bill of ₦1.6 million is more than my husband earns in a year.',
    category: 'Hospital Bill Support',
    duration: '2 months',
    amountNeeded: 1_600_000,
    state: 'Rivers',
    lga: 'Obio/Akpor',
    address: 'University of Port Harcourt Teaching Hospital, East-West Road',
    bankCode: '035',
    likes: 7,
    approvedDaysAgo: 4,
  },
  {
    organiser: ['Hauwa', 'Bello'],
    title: 'Help Usman beat tuberculosis',
    fundraisingFor: 'Usman Bello',
    beneficiary: ['Usman', 'Bello'],
    description:
      'My husband Usman has drug-resistant tuberculosis. The treatment at ABUTH Zaria lasts many months and the free programme does not cover the tests, the nutrition support and the transport to the clinic.\n\nWe need ₦950,000 to see him through to the end of treatment.',
    category: 'Medication/Drug Expenses',
    duration: '9 months',
    amountNeeded: 950_000,
    state: 'Kaduna',
    lga: 'Zaria',
    address: 'Ahmadu Bello University Teaching Hospital, Shika',
    bankCode: '011',
    likes: 5,
    approvedDaysAgo: 3,
  },
  {
    organiser: ['Samuel', 'Afolabi'],
    title: 'Dialysis for Pastor Afolabi',
    fundraisingFor: 'Pastor Samuel Afolabi',
    beneficiary: undefined,
    description:
      'I have chronic kidney disease and need dialysis twice a week at UITH Ilorin while I wait for a transplant assessment. Each session costs ₦45,000.\n\nI am asking for help with three months of dialysis, ₦1.1 million, so I can keep serving my community.',
    category: 'Medication/Drug Expenses',
    duration: '3 months',
    amountNeeded: 1_100_000,
    state: 'Kwara',
    lga: 'Ilorin West',
    address: 'University of Ilorin Teaching Hospital, Oke-Oyi',
    bankCode: '033',
    likes: 3,
    approvedDaysAgo: 2,
  },
  {
    organiser: ['Esther', 'Pam'],
    title: 'Hernia surgery for a young farmer',
    fundraisingFor: 'Daniel Pam',
    beneficiary: ['Daniel', 'Pam'],
    description:
      'My brother Daniel, 27, farms maize near Jos. A painful hernia has kept him from working since the rains. The surgeons at JUTH can repair it, but the surgery and stay cost ₦620,000, which we do not have after a poor harvest.',
    category: 'Emergency Treatment/Surgery',
    duration: '1 month',
    amountNeeded: 620_000,
    state: 'Plateau',
    lga: 'Jos North',
    address: 'Jos University Teaching Hospital, Lamingo',
    bankCode: '057',
    likes: 2,
    approvedDaysAgo: 1,
  },
];

/**
 * The demo supporters who like campaigns and posts and write the blog's comments: first and
 * last names from across the country (Yoruba, Igbo, Hausa, Ijaw, Edo, Efik, Tiv, Kanuri, Urhobo
 * and more). Letters only, as the name rule asks. Nobody can sign in as them.
 */
export const DEMO_SUPPORTERS: [string, string][] = [
  ['Adebola', 'Adeyemi'],
  ['Uchenna', 'Okafor'],
  ['Aisha', 'Bello'],
  ['Ebuka', 'Eze'],
  ['Sadiya', 'Ibrahim'],
  ['Chidi', 'Okonkwo'],
  ['Folasade', 'Adebayo'],
  ['Onyinye', 'Nwosu'],
  ['Yakubu', 'Musa'],
  ['Mojisola', 'Ogunleye'],
  ['Somto', 'Chukwu'],
  ['Umar', 'Yusuf'],
  ['Tayo', 'Olawale'],
  ['Ifunanya', 'Obi'],
  ['Abdullahi', 'Abubakar'],
  ['Titilayo', 'Afolabi'],
  ['Ekene', 'Nnamdi'],
  ['Ladi', 'Danjuma'],
  ['Osaro', 'Igbinedion'],
  ['Kelechi', 'Umeh'],
  ['Rukayat', 'Lawal'],
  ['Nnamdi', 'Ekwueme'],
  ['Zulaihat', 'Garba'],
  ['Oreoluwa', 'Ajayi'],
  ['Efe', 'Okoro'],
  ['Mustapha', 'Sani'],
  ['Damilola', 'Adeleke'],
  ['Ogechi', 'Onyeka'],
  ['Bilkisu', 'Aliyu'],
  ['Akpan', 'Etim'],
  ['Ese', 'Oghenekaro'],
  ['Terkula', 'Gbagir'],
  ['Modupe', 'Fashola'],
  ['Ebiere', 'Tonye'],
  ['Falmata', 'Kyari'],
  ['Idowu', 'Akande'],
  ['Ijeoma', 'Ogbonna'],
  ['Lukman', 'Tijani'],
  ['Ekaette', 'Bassey'],
  ['Ayodele', 'Oladipo'],
];
