/**
 * Demo blog content, written for this product (see docs/decisions/004). Posts are HTML that goes
 * through the same sanitizer as an editor's; `category` and `author` refer to the lists below.
 */
export interface DemoBlogPost {
  title: string;
  category: string;
  author: string;
  publishedDaysAgo: number;
  content: string;
  comments: { by: number; text: string; replies?: { by: number; text: string }[] }[];
}

export const DEMO_BLOG_CATEGORIES = ['Patient Rights', 'Health Tips', 'Community Stories'] as const;

export const DEMO_BLOG_AUTHORS = [
  { name: 'Ifeoma Chukwu', title: 'Patient advocate, Lagos', isDefault: true },
  { name: 'Dr. Abdulrahman Sani', title: 'Family physician, Kaduna', isDefault: false },
] as const;

export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    title: 'Your rights as a patient in a Nigerian hospital',
    category: 'Patient Rights',
    author: 'Ifeoma Chukwu',
    publishedDaysAgo: 2,
    content: `<p>Walking into a hospital when you or someone you love is unwell is stressful. Knowing what you are entitled to makes it easier to speak up. The Patients' Bill of Rights, launched by the Consumer Protection Council (now the FCCPC) with the Federal Ministry of Health, sets out what every patient in Nigeria can expect.</p>
<h2>What you can expect</h2>
<ul>
<li><strong>Information.</strong> You have the right to know your diagnosis, the treatment proposed, its risks and its cost, in words you understand.</li>
<li><strong>Consent.</strong> No procedure should be carried out without your informed consent, except in a true emergency.</li>
<li><strong>Privacy and confidentiality.</strong> Your records and your conversations with health workers are private.</li>
<li><strong>Emergency care.</strong> A hospital should not refuse emergency treatment because you cannot pay a deposit first. The National Health Act of 2014 says so plainly.</li>
<li><strong>Dignity.</strong> You should be treated with respect, whatever your age, tribe, religion or ability to pay.</li>
<li><strong>Complaints.</strong> You have the right to complain and to receive a response.</li>
</ul>
<h2>When things go wrong</h2>
<p>Start by raising your concern calmly with the staff involved, then with the hospital's SERVICOM desk or patient relations officer. Write it down and keep a copy. If you do not get a response, iPatient advocates can help you take it further.</p>
<blockquote><p>Knowing your rights is not about fighting your doctor. It is about making sure you are a partner in your own care.</p></blockquote>`,
    comments: [
      {
        by: 0,
        text: 'I did not know a hospital cannot insist on a deposit in an emergency. This would have helped my family last year.',
        replies: [
          {
            by: 1,
            text: 'Same here. Sharing this with my WhatsApp group so more people know.',
          },
        ],
      },
      {
        by: 2,
        text: 'Please write more about how to find the SERVICOM desk in teaching hospitals.',
      },
    ],
  },
  {
    title: 'How to make a complaint that gets a response',
    category: 'Patient Rights',
    author: 'Ifeoma Chukwu',
    publishedDaysAgo: 6,
    content: `<p>Many complaints fail not because they are wrong, but because they are hard to act on. A clear, written complaint with the right details is much more likely to get a response.</p>
<h2>Five things to include</h2>
<ol>
<li>Your full name, phone number and email address.</li>
<li>The date, the ward or clinic, and the names of the staff involved if you know them.</li>
<li>What happened, in the order it happened. Keep to the facts.</li>
<li>How it affected you or your relative.</li>
<li>What you would like to happen now: an explanation, an apology, a refund, a change in practice.</li>
</ol>
<p>Send it to the hospital's management or SERVICOM unit and ask for an acknowledgement. You should hear back within 5 working days and receive an official response within 20 working days.</p>
<h3>Keep a record</h3>
<p>Keep copies of receipts, prescriptions, test results and any letters. Note the dates of your calls and who you spoke with. If the response does not settle it, you can ask for a further review, and iPatient can help you reach the right regulator.</p>`,
    comments: [
      {
        by: 3,
        text: 'The tip about writing what you want to happen is so important. I always forgot that part.',
      },
    ],
  },
  {
    title: 'Living with hypertension: small changes that help',
    category: 'Health Tips',
    author: 'Dr. Abdulrahman Sani',
    publishedDaysAgo: 9,
    content: `<p>High blood pressure is one of the most common conditions we see in clinics across Nigeria, and many people with it do not know they have it. It rarely causes symptoms until it causes damage to the heart, kidneys, eyes or brain.</p>
<h2>Check it regularly</h2>
<p>If you are over 30, have your blood pressure checked at least once a year. Many pharmacies and primary health centres can do it for little or nothing.</p>
<h2>Everyday changes</h2>
<ul>
<li><strong>Less salt.</strong> Go easy on seasoning cubes and added salt; taste before you add more.</li>
<li><strong>Move every day.</strong> A brisk 30-minute walk most days makes a real difference.</li>
<li><strong>Watch your weight.</strong> Even a small loss lowers blood pressure.</li>
<li><strong>Limit alcohol</strong> and stop smoking.</li>
</ul>
<h2>Take your medicine as prescribed</h2>
<p>Do not stop your tablets when you feel well: that is the medicine working. If the cost is a problem, tell your doctor. There is often a cheaper option that works just as well.</p>`,
    comments: [
      {
        by: 4,
        text: 'My father stopped his drugs because he felt fine. Thank you for explaining why he should not.',
        replies: [
          {
            by: 0,
            text: 'Many people do this. Talking to the doctor about the cost helped us a lot.',
          },
        ],
      },
    ],
  },
  {
    title: 'Sickle cell disease: what every family should know',
    category: 'Health Tips',
    author: 'Dr. Abdulrahman Sani',
    publishedDaysAgo: 14,
    content: `<p>Nigeria has more people living with sickle cell disease than any other country. With good care, children with sickle cell grow up to finish school, work and raise families of their own.</p>
<h2>Know your genotype</h2>
<p>A simple blood test tells you whether you carry the sickle cell trait. Knowing your genotype, and your partner's, before starting a family lets you make informed choices.</p>
<h2>Preventing crises</h2>
<ul>
<li>Drink plenty of water, especially in the heat.</li>
<li>Avoid getting very cold or very tired.</li>
<li>Take folic acid and malaria prevention as your clinic advises.</li>
<li>Keep vaccinations up to date.</li>
</ul>
<h2>When to go to hospital at once</h2>
<p>Go straight to a hospital for severe pain that does not settle at home, fever, difficulty breathing, sudden weakness, or a painful erection that will not go away. These are emergencies.</p>`,
    comments: [],
  },
  {
    title: 'How one mother raised funds for her son’s surgery',
    category: 'Community Stories',
    author: 'Ifeoma Chukwu',
    publishedDaysAgo: 20,
    content: `<p>When Kemi's son needed surgery to correct a heart defect, the estimate from the hospital was more than she earned in three years. "I cried in the car park," she told us. "Then I made a list of everyone I knew."</p>
<p>Kemi started a campaign on iPatient with a clear photo, the hospital's estimate and a short, honest story. She shared it in her church group, her old school's alumni group and her market association.</p>
<h2>What worked</h2>
<ul>
<li><strong>Updates.</strong> She posted a short update every few days: the tests, the surgery date, a photo of her son smiling.</li>
<li><strong>Asking for Green-Hearts, not only money.</strong> Many people who could not give still liked and shared the campaign, and it reached the leaderboard.</li>
<li><strong>Being specific.</strong> "₦250,000 pays for the blood tests" moved people more than the total.</li>
</ul>
<p>Her son had his operation at a teaching hospital and is back at school. "Do not be ashamed to ask," Kemi says. "People want to help. Give them a way."</p>`,
    comments: [
      {
        by: 1,
        text: 'This made me cry. God bless Kemi and her son.',
        replies: [{ by: 3, text: 'Amen. The tip about being specific is very good.' }],
      },
    ],
  },
  {
    title: 'Understanding your hospital bill',
    category: 'Patient Rights',
    author: 'Dr. Abdulrahman Sani',
    publishedDaysAgo: 27,
    content: `<p>A hospital bill can be long and confusing, and mistakes happen. You have the right to an itemised bill that shows what each charge is for.</p>
<h2>Ask for the breakdown</h2>
<p>Ask the accounts office for a bill that lists each item: consultation, tests, drugs, consumables, bed days and procedures. Compare it with what you remember: were all those tests done? Were you in the ward for that many days?</p>
<h2>Questions worth asking</h2>
<ul>
<li>Is any part of this covered by my health insurance (NHIA or a private HMO)?</li>
<li>Can I pay in instalments?</li>
<li>Is there a social welfare unit that can review my case?</li>
</ul>
<p>If you believe you were charged for something you did not receive, raise it in writing. A complaint about medical billing is one of the categories our advocates help with every week.</p>`,
    comments: [],
  },
];
