/** Demo podcast episodes, written for this product (see docs/decisions/004). */
export interface DemoPodcastEpisode {
  number: number;
  title: string;
  category: string;
  releasedDaysAgo: number;
  durationMinutes: number;
  producedBy: string;
  /** HTML, sanitized like an editor's. */
  summary: string;
}

export const DEMO_PODCAST_CATEGORIES = ['Patient Voices', 'Health Talk'] as const;

export const DEMO_PODCAST_EPISODES: DemoPodcastEpisode[] = [
  {
    number: 1,
    title: 'Speaking up in the consulting room',
    category: 'Patient Voices',
    releasedDaysAgo: 3,
    durationMinutes: 28,
    producedBy: 'iPatient Studio, Lagos',
    summary: `<p>Why do so many of us leave the doctor's office with questions we never asked? Ifeoma talks with two patients and a nurse about <strong>preparing for an appointment</strong>, bringing a companion, and the three questions worth asking every time: what is wrong, what are my options, and what does it cost.</p>`,
  },
  {
    number: 2,
    title: 'Caring for a parent after a stroke',
    category: 'Patient Voices',
    releasedDaysAgo: 17,
    durationMinutes: 34,
    producedBy: 'iPatient Studio, Lagos',
    summary: `<p>Tunde gave up his evenings and weekends when his mother had a stroke. He shares what he wishes he had known in the first week: <em>physiotherapy early</em>, preventing bed sores, and looking after yourself as a carer.</p>`,
  },
  {
    number: 3,
    title: 'Malaria in the rainy season: myths and facts',
    category: 'Health Talk',
    releasedDaysAgo: 31,
    durationMinutes: 22,
    producedBy: 'iPatient Studio with Dr. Abdulrahman Sani',
    summary: `<p>Not every fever is malaria, and not every malaria needs an injection. Dr. Sani explains <strong>testing before treating</strong>, finishing the full course of medicine, and why sleeping under a treated net is still the best protection for children and pregnant women.</p>`,
  },
  {
    number: 4,
    title: 'Health insurance in Nigeria, explained',
    category: 'Health Talk',
    releasedDaysAgo: 45,
    durationMinutes: 31,
    producedBy: 'iPatient Studio, Abuja',
    summary: `<p>What does the National Health Insurance Authority cover, how do state schemes work, and what can you do when your HMO refuses a claim? A practical guide to <strong>getting the care you have paid for</strong>.</p>`,
  },
];
