/**
 * Sample patient stories (docs/product.md#stories-and-awards: static samples). Fictional first-person accounts, written to
 * encourage: they describe experiences, never treatments to copy.
 */
export interface Story {
  /** A slug: /stories/{id}. */
  id: string;
  title: string;
  /** Who tells it: a first name and a town. */
  author: string;
  /** Patient or carer, and the circumstance. */
  role: string;
  /** One sentence for the card and the page description. */
  excerpt: string;
  paragraphs: readonly string[];
  /** The illustration's file name, in ./images/. */
  image: string;
  /** ISO date it was shared. */
  date: string;
}

export const stories: readonly Story[] = [
  {
    id: 'learning-to-live-with-sickle-cell',
    title: 'Learning to live with sickle cell',
    author: 'Tolulope, Ibadan',
    role: 'Patient living with sickle cell disease',
    excerpt:
      'For years I hid my crises from my classmates. Finding other young people like me changed how I speak about my health.',
    image: 'learning-to-live-with-sickle-cell.svg',
    date: '2026-10-02',
    paragraphs: [
      'I was diagnosed with sickle cell disease when I was three. Growing up in Ibadan, I learnt early to say "I am fine" even when my joints were on fire. I did not want to be the girl who was always absent from school.',
      'At university a painful crisis kept me in hospital for a week during exams. A nurse on the ward asked if I had ever met other young adults with sickle cell. I had not. She gave me the number of a support group that met once a month at the teaching hospital.',
      'The first meeting was the first time I laughed about the things I had always been ashamed of. We shared how we plan our water bottles, how we explain ourselves to lecturers, how we cope with the cold season. Nobody had to explain anything twice.',
      'I still have hard days, and I still follow the plan my haematologist and I agreed on. What changed is that I no longer hide. I told my department about my condition, and they made room for it. Now I help welcome new members to the group.',
      'If you are living with a condition that people cannot see, please know that you are not the only one. Somewhere near you, someone is waiting to say "me too".',
    ],
  },
  {
    id: 'caring-for-mama-after-her-stroke',
    title: 'Caring for Mama after her stroke',
    author: 'Emeka, Onitsha',
    role: 'Son and carer',
    excerpt:
      'When my mother came home from hospital, I did not know how to help her. Patience, a good physiotherapist and my siblings carried us through.',
    image: 'caring-for-mama-after-her-stroke.svg',
    date: '2026-09-18',
    paragraphs: [
      'Mama had her stroke on a Sunday morning, just after church. By the time we reached the hospital, the right side of her body was weak and her speech was slurred. The doctors were honest with us: recovery would be slow, and it would happen mostly at home.',
      'Bringing her home was frightening. I am a trader; I knew nothing about lifting someone safely or helping them practise words. The physiotherapist at the hospital showed me simple ways to help her move, and wrote them down so I would not forget.',
      'My siblings and I made a timetable. My sister in Lagos paid for the therapy sessions, my brother came on weekends, and I handled the weekdays. We argued sometimes, but the timetable meant nobody burnt out alone.',
      'The small victories kept us going. The first time Mama held a spoon again, we all clapped like it was a wedding. The first time she called me by name after weeks of struggling, I had to step outside.',
      'Two years on, she walks with a stick and scolds me about my diet like before. Carers need care too: ask for help early, and accept it when it comes.',
    ],
  },
  {
    id: 'my-first-year-with-diabetes',
    title: 'My first year with diabetes',
    author: 'Hauwa, Kaduna',
    role: 'Patient living with type 2 diabetes',
    excerpt:
      'I thought the diagnosis meant the end of the food I loved. A year later, I have learnt to plan, to ask questions and to keep every clinic appointment.',
    image: 'my-first-year-with-diabetes.svg',
    date: '2026-08-27',
    paragraphs: [
      'I found out I had type 2 diabetes at a free screening in our market. I had been tired and thirsty for months and blamed the heat. When the health worker told me my result, I cried right there beside the tomato stalls.',
      'My first visit to the clinic was overwhelming. So many instructions, so many new words. The second visit was better because I went with a notebook and my daughter. We wrote down every question before we left the house.',
      'The hardest part was food. I was sure I would never enjoy tuwo or jollof again. The dietitian did not ban anything; she helped me think about portions, about adding vegetables, about when I eat. My plate looks different now, but it is still my food.',
      'I check my blood sugar as my nurse showed me and write the numbers in my notebook. When something looks strange, I call the clinic instead of guessing.',
      'One year on, I feel stronger and better informed. I tell my friends at the market to go for screening. Knowing early gave me time to learn.',
    ],
  },
  {
    id: 'the-night-our-baby-came-early',
    title: 'The night our baby came early',
    author: 'Chinedu and Amaka, Enugu',
    role: 'Parents of a premature baby',
    excerpt:
      'Our daughter arrived eight weeks early. Six weeks in the newborn unit taught us about fear, about hope and about the kindness of strangers.',
    image: 'the-night-our-baby-came-early.svg',
    date: '2026-07-30',
    paragraphs: [
      'Our daughter Chiamaka was born eight weeks early, in the middle of a rainy night. She weighed less than a bag of sugar. We saw her for only a moment before she was taken to the newborn unit.',
      'The first days were a blur of beeping machines and words we did not understand. One nurse, Sister Bisi, took time every morning to explain what each tube was for and what the numbers meant. Understanding made us less afraid.',
      "Amaka learnt to hold Chiamaka against her chest, skin to skin, as the nurses encouraged. Chinedu learnt to change a nappy through the porthole of an incubator. We met other parents in the corridor, and we prayed for each other's children as if they were our own.",
      'The bills worried us. Our church and our friends came together to help, and the hospital social worker explained the support that was available to us. We were not too proud to accept it.',
      "Chiamaka is three now and runs everywhere. If your baby is in a newborn unit tonight, ask every question you have. The staff want you to understand, and you are part of your baby's care team.",
    ],
  },
  {
    id: 'speaking-up-at-the-hospital',
    title: 'Speaking up at the hospital',
    author: 'Bola, Lagos',
    role: 'Patient and advocate',
    excerpt:
      'A confusing bill taught me that asking questions is my right. Now I help others find the courage to ask too.',
    image: 'speaking-up-at-the-hospital.svg',
    date: '2026-06-12',
    paragraphs: [
      'After a short stay in hospital for an infection, I was handed a bill that was almost twice what I had been told to expect. I was tired and embarrassed, and my first thought was to pay quietly and go home.',
      'My neighbour, who volunteers with a patient group, encouraged me to ask for an itemised bill. I was nervous, but I asked politely at the accounts office. They found two tests charged twice and a drug I had never received.',
      'The staff corrected it without a fight. What stayed with me was how close I came to saying nothing. Many patients do not know they can ask for an explanation, or they fear they will be treated badly if they do.',
      "Since then I have learnt about patients' rights: to clear information, to respect, to privacy and to raise a concern through the proper channels. I now volunteer too, helping people write down what happened before they make a complaint, so it is calm and clear.",
      'Asking questions is not rudeness. Most health workers want you to understand your care. Speak up kindly, keep your papers, and do not be afraid to ask for help.',
    ],
  },
  {
    id: 'finding-my-voice-again',
    title: 'Finding my voice again',
    author: 'Musa, Jos',
    role: 'Patient recovering from depression',
    excerpt:
      'After I lost my job, a heavy sadness settled on me. Talking to a counsellor, and to my brother, helped me find my way back.',
    image: 'finding-my-voice-again.svg',
    date: '2026-05-08',
    paragraphs: [
      'When I lost my job as an accountant, I told everyone I was fine. Inside, a heavy sadness settled on me. I stopped going to the mosque, stopped answering calls, and slept most of the day.',
      'My younger brother noticed before I did. He sat with me one evening and said, "You are not yourself. Let us talk to someone." I was angry at first. Men in my family do not talk about feelings.',
      'He came with me to the general hospital, where a doctor listened without judging and referred me to a counsellor. Those sessions were slow work. I learnt to notice my thoughts, to set small goals for each day, and to tell my brother when a bad week was coming.',
      'Recovery was not a straight line. There were setbacks, and I kept going back to my appointments even when I did not feel like it. Slowly, I started to enjoy small things again: tea with friends, football on Saturdays.',
      'I work again now, part time, and I am open with my family about my mental health. If you are struggling, please tell someone you trust, and reach out to a health worker. Asking for help was the bravest thing I have done.',
    ],
  },
];

export function findStory(id: string): Story | undefined {
  return stories.find((story) => story.id === id);
}
