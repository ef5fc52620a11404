/**
 * Demo facilities and reviews (see docs/decisions/004). Every name is made up: none of these is
 * a real hospital or clinic, so no real institution is rated by invented reviewers. The places
 * are real states and local government areas, the names the kind a Nigerian clinic carries, and
 * every review is its own: one reviewer from around the facility, one experience, in their words.
 */
export interface DemoReview {
  /** The reviewer's first and last name; each demo reviewer writes one review. */
  by: [string, string];
  rating: number;
  title: string;
  content: string;
}

export interface DemoFacility {
  name: string;
  facilityType: string;
  services: string[];
  state: string;
  lga: string;
  address: string;
  verified: boolean;
  /** Its approved demo reviews, newest first. */
  reviews: DemoReview[];
}

export const DEMO_FACILITIES: DemoFacility[] = [
  {
    name: 'Ayomide Specialist Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Maternity', 'Surgery', 'Laboratory'],
    state: 'Lagos',
    lga: 'Ikeja',
    address: '14 Adekunle Fajuyi Way, GRA Ikeja',
    verified: true,
    reviews: [
      {
        by: ['Babatunde', 'Ogunleye'],
        rating: 5,
        title: 'They saved my father',
        content:
          'We brought my father in at 2 a.m., struggling to breathe. The emergency team had him on oxygen within minutes and the doctor called me the next morning to explain the plan.',
      },
      {
        by: ['Chinyere', 'Okafor'],
        rating: 5,
        title: 'Antenatal care without stress',
        content:
          'I registered here at 14 weeks. Every visit started on time and the midwives answered all my questions. My daughter was born here in June and they checked on us twice after we went home.',
      },
      {
        by: ['Kunle', 'Adesanya'],
        rating: 4,
        title: 'Good surgery, slow discharge',
        content:
          'My hernia repair went well and the surgeon was clear about the risks and the cost. Discharge took most of the day because pharmacy and accounts do not talk to each other.',
      },
      {
        by: ['Yetunde', 'Bakare'],
        rating: 5,
        title: 'Results the same afternoon',
        content:
          'Full blood count and malaria test done in the morning, results on my phone by 3 p.m. The lab staff were gentle with my son, who is scared of needles.',
      },
      {
        by: ['Olumide', 'Fashola'],
        rating: 5,
        title: 'The bill matched the estimate',
        content:
          "Before my wife's caesarean they gave us a written estimate. The final bill was within a few thousand naira of it, and they explained the difference.",
      },
      {
        by: ['Adaeze', 'Nwankwo'],
        rating: 5,
        title: 'Nurses who listen',
        content:
          'Four nights on the female ward after an appendix operation. The night nurses came quickly when I pressed the bell and never made me feel like a bother.',
      },
    ],
  },
  {
    name: 'Omotola Family Clinic',
    facilityType: 'Clinic',
    services: ['General practice', 'Eye care', 'Laboratory'],
    state: 'Lagos',
    lga: 'Eti Osa',
    address: '3 Admiralty Crescent, Lekki Phase 1',
    verified: true,
    reviews: [
      {
        by: ['Tobi', 'Akinola'],
        rating: 4,
        title: 'Good doctor, come early',
        content:
          'Dr Omotola is patient and explains things well. Mornings are packed, so if you are not there by 8 you will wait a long time.',
      },
      {
        by: ['Ebere', 'Eze'],
        rating: 4,
        title: 'Reliable for check-ups',
        content:
          'I have done my yearly check-up here for two years. Fair prices and accurate lab results, though parking on the crescent is a struggle on weekdays.',
      },
      {
        by: ['Funke', 'Alabi'],
        rating: 5,
        title: 'Eye test and glasses in one visit',
        content:
          'They tested my eyes, found I needed reading glasses and recommended an optician nearby instead of pushing their own frames. Honest advice.',
      },
      {
        by: ['Segun', 'Ibikunle'],
        rating: 3,
        title: 'Card system needs work',
        content:
          'The consultation was fine, but they could not find my card and opened a new file. Bring your old prescriptions with you just in case.',
      },
    ],
  },
  {
    name: 'Amaka Hope Mother and Child Clinic',
    facilityType: 'Maternity home',
    services: ['Maternity', 'Paediatrics', 'Antenatal care'],
    state: 'Lagos',
    lga: 'Surulere',
    address: '27 Bode Thomas Street, Surulere',
    verified: false,
    reviews: [
      {
        by: ['Bukola', 'Adeyemi'],
        rating: 5,
        title: 'Like family',
        content:
          'Matron Amaka knew my name by my second visit. When my pressure went up at 36 weeks she referred me to LUTH the same day and followed up by phone.',
      },
      {
        by: ['Nkechi', 'Obi'],
        rating: 4,
        title: 'Kind staff, small waiting room',
        content:
          'Antenatal classes were really useful for a first-time mother. The waiting room is too small for clinic days, so many of us stood outside.',
      },
      {
        by: ['Temitope', 'Lawal'],
        rating: 5,
        title: 'Immunisations on schedule',
        content:
          'They keep a card for each baby and send an SMS before every vaccine is due. My twins have not missed one.',
      },
      {
        by: ['Ifeoma', 'Nwosu'],
        rating: 4,
        title: 'Good delivery, ask about fees',
        content:
          'My delivery went smoothly and the midwife stayed with me the whole night. Ask for the list of fees early; some items were not on the price list at the door.',
      },
    ],
  },
  {
    name: 'Alheri Specialist Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Dialysis', 'Laboratory', 'Paediatrics'],
    state: 'Federal Capital Territory',
    lga: 'Bwari',
    address: 'Plot 9, Kubwa Express Road, Kubwa',
    verified: true,
    reviews: [
      {
        by: ['Aondona', 'Iorliam'],
        rating: 5,
        title: 'Dialysis that runs on time',
        content:
          'My mother has had dialysis here twice a week for eight months. Sessions start when booked, the machines are clean and the nurses check her pressure throughout.',
      },
      {
        by: ['Zainab', 'Ibrahim'],
        rating: 4,
        title: "Children's ward was calm",
        content:
          'My son was admitted for three days with severe malaria. The paediatrician saw him every morning. Food for the parent staying overnight would help.',
      },
      {
        by: ['Chukwudi', 'Ani'],
        rating: 5,
        title: 'Fast help after a road accident',
        content:
          'After a crash on the expressway a stranger brought me here. They treated me before asking about money and helped me call my family.',
      },
      {
        by: ['Hadiza', 'Usman'],
        rating: 5,
        title: 'Clear lab reports',
        content:
          'The lab printed my results with the normal ranges beside them, and the doctor went through each line. I finally understand my kidney tests.',
      },
      {
        by: ['Emmanuel', 'Ojo'],
        rating: 4,
        title: 'Generator noise at night',
        content:
          'Good care during my two nights on the male ward. The generator behind the ward is very loud when the light goes off.',
      },
      {
        by: ['Rahila', 'Yakubu'],
        rating: 5,
        title: 'A doctor who called back',
        content:
          "I called with a question about my daughter's medicine after we got home. The doctor on duty called back within the hour.",
      },
    ],
  },
  {
    name: 'Nasara Diagnostics',
    facilityType: 'Diagnostic centre',
    services: ['Laboratory', 'Radiology', 'Ultrasound'],
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    address: '22 Ahmadu Bello Way, Area 11, Garki',
    verified: true,
    reviews: [
      {
        by: ['Nneka', 'Ilo'],
        rating: 4,
        title: 'Quick scan, clear report',
        content:
          'My pelvic ultrasound took fifteen minutes and the report was ready before I left. The sonographer explained what she was looking at.',
      },
      {
        by: ['Sadiq', 'Mohammed'],
        rating: 3,
        title: 'X-ray machine was down',
        content:
          'I was sent here for a chest X-ray, but the machine was being repaired and nobody told me at the front desk. I came back the next day and it was done quickly.',
      },
      {
        by: ['Oluwaseun', 'Adebisi'],
        rating: 4,
        title: 'Fair prices for blood work',
        content:
          'Cheaper than the two labs near my office and the results were emailed to me and my doctor. Bring a bottle of water if you are fasting.',
      },
    ],
  },
  {
    name: 'Haske Eye Clinic',
    facilityType: 'Eye clinic',
    services: ['Eye care', 'Optical shop'],
    state: 'Federal Capital Territory',
    lga: 'Kuje',
    address: '5 Market Road, Kuje',
    verified: false,
    reviews: [],
  },
  {
    name: 'Dala Kidney and Dialysis Centre',
    facilityType: 'Dialysis centre',
    services: ['Dialysis', 'Laboratory', 'Nephrology'],
    state: 'Kano',
    lga: 'Dala',
    address: '41 Gwammaja Road, Dala',
    verified: true,
    reviews: [
      {
        by: ['Aminu', 'Garba'],
        rating: 4,
        title: 'Care for my brother',
        content:
          'My brother started dialysis here in Ramadan. The nurses adjusted his times so he could break his fast at home. The centre gets very hot in the afternoon.',
      },
      {
        by: ['Fatima', 'Abubakar'],
        rating: 5,
        title: 'They explain every number',
        content:
          'The kidney doctor showed me my results on paper and drew how the machine cleans the blood. I am less afraid now.',
      },
      {
        by: ['Nasiru', 'Danladi'],
        rating: 3,
        title: 'Too few machines',
        content:
          'The care is good but there are not enough machines, so some of us wait three hours for a slot. Book ahead and come with something to read.',
      },
      {
        by: ['Maryam', 'Sani'],
        rating: 4,
        title: 'Helpful social worker',
        content:
          'When we could not afford the sessions any more, the social worker helped us apply to a charity that now pays half.',
      },
      {
        by: ['Bashir', 'Lawan'],
        rating: 4,
        title: 'Clean and organised',
        content:
          'Every chair is wiped between patients and the needles are opened in front of you. Bring your own blanket, the air conditioner is strong in the morning.',
      },
    ],
  },
  {
    name: 'Tarauni Family Health Clinic',
    facilityType: 'Clinic',
    services: ['General practice', 'Maternity', 'Paediatrics'],
    state: 'Kano',
    lga: 'Tarauni',
    address: '8 Unguwa Uku Road, Tarauni',
    verified: false,
    reviews: [
      {
        by: ['Halima', 'Yusuf'],
        rating: 3,
        title: 'Good doctor, long queue',
        content:
          'The doctor was good with my daughter, but we sat on the bench for two hours first. A number system would help a lot.',
      },
      {
        by: ['Kabiru', 'Musa'],
        rating: 2,
        title: 'Not enough staff',
        content:
          'We waited almost four hours with a feverish child and nobody told us why. When we were finally seen the care was fine, but the wait was too long.',
      },
      {
        by: ['Hauwa', 'Idris'],
        rating: 4,
        title: 'Kind midwives',
        content:
          'I delivered my third child here. The midwives spoke Hausa with my mother and made sure she understood the care plan.',
      },
    ],
  },
  {
    name: 'Ibiene Memorial Hospital',
    facilityType: 'Hospital',
    services: ['Emergency', 'Surgery', 'Maternity', 'Laboratory'],
    state: 'Rivers',
    lga: 'Port Harcourt',
    address: '16 Aggrey Road, Port Harcourt Township',
    verified: true,
    reviews: [
      {
        by: ['Tamunotonye', 'Briggs'],
        rating: 4,
        title: 'Good surgeons, busy nurses',
        content:
          'My fibroid surgery went well and the surgeon checked on me every day. The ward had only two nurses at night for more than twenty patients.',
      },
      {
        by: ['Ibinabo', 'George'],
        rating: 3,
        title: 'Emergency triage was confusing',
        content:
          'At the emergency unit nobody explained who would be seen first. Once a doctor saw my husband, things moved quickly and he was treated well.',
      },
      {
        by: ['Chidinma', 'Amadi'],
        rating: 5,
        title: 'Safe delivery after a long labour',
        content:
          'After 20 hours of labour the team decided on a caesarean and explained why. My son and I are both well. Thank you to the theatre team.',
      },
      {
        by: ['Barine', 'Kpai'],
        rating: 2,
        title: 'Results went missing',
        content:
          'My blood test results were lost twice and I paid to repeat the test once. They refunded me in the end, but only after I complained in writing.',
      },
      {
        by: ['Owajiokiri', 'Dokubo'],
        rating: 4,
        title: 'Follow-up calls',
        content:
          'A nurse called twice after my discharge to ask about my wound. I did not expect that and it made me feel cared for.',
      },
    ],
  },
  {
    name: 'Eleme Community Health Clinic',
    facilityType: 'Primary health centre',
    services: ['General practice', 'Paediatrics', 'Immunisation'],
    state: 'Rivers',
    lga: 'Eleme',
    address: 'Ogale Junction, Eleme',
    verified: false,
    reviews: [],
  },
  {
    name: "Ololade Children's Hospital",
    facilityType: 'Specialist hospital',
    services: ['Paediatrics', 'Emergency', 'Laboratory'],
    state: 'Oyo',
    lga: 'Ibadan North',
    address: '10 Awolowo Avenue, Old Bodija',
    verified: false,
    reviews: [
      {
        by: ['Gbenga', 'Oyelaran'],
        rating: 5,
        title: 'They made my son laugh',
        content:
          'My five-year-old was terrified of hospitals. The nurse showed him the stethoscope first and let him listen to her heart. He walked in happily the next time.',
      },
      {
        by: ['Abiodun', 'Akande'],
        rating: 4,
        title: 'Good care at night',
        content:
          'We came in at midnight with a child who had a seizure from high fever. The doctor on call was calm and kept us informed until morning.',
      },
      {
        by: ['Kehinde', 'Ogundipe'],
        rating: 2,
        title: 'Billing was not clear',
        content:
          'I was charged for drugs we never received and it took three visits to the accounts office to correct it. Ask for an itemised bill before you pay.',
      },
    ],
  },
  {
    name: 'Udoka Kidney and Eye Hospital',
    facilityType: 'Specialist hospital',
    services: ['Dialysis', 'Eye care', 'Laboratory'],
    state: 'Enugu',
    lga: 'Enugu North',
    address: '33 Ogui Road, Enugu',
    verified: false,
    reviews: [
      {
        by: ['Obinna', 'Ugwu'],
        rating: 3,
        title: 'Cataract surgery went fine',
        content:
          'My mother can see again after her cataract operation, and the eye doctor was very skilled. The waiting area is hot and there are not enough chairs for older patients.',
      },
      {
        by: ['Ngozi', 'Chukwuma'],
        rating: 1,
        title: 'Turned away for a deposit',
        content:
          'My uncle was in kidney failure and they would not start dialysis until we paid a deposit in full. We had to take him to the teaching hospital at night.',
      },
      {
        by: ['Ikenna', 'Odo'],
        rating: 4,
        title: 'Honest about the cost',
        content:
          'They told us at the start what six months of dialysis would cost and helped us plan the payments. The staff are respectful.',
      },
      {
        by: ['Amarachi', 'Eze'],
        rating: 2,
        title: 'Appointments not kept',
        content:
          'I was given a 10 a.m. appointment for my glaucoma check and was seen at 3 p.m. Nobody apologised or explained the delay.',
      },
    ],
  },
];
