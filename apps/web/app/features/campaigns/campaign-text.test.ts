import { describe, expect, it } from 'vitest';
import {
  beneficiaryName,
  campaignHeading,
  campaignPath,
  campaignPlace,
  greenHearts,
  storyParagraphs,
} from './campaign-text.ts';

describe('campaign texts', () => {
  it('words a campaign as its pages show it', () => {
    expect(campaignHeading({ fundraisingFor: 'Chidera Eze' })).toBe('Save Chidera Eze');
    expect(campaignPlace({ lga: 'Ikeja', state: 'Lagos' })).toBe('Ikeja, Lagos');
    expect(campaignPath('a b')).toBe('/campaigns/a%20b');
    expect(greenHearts(1)).toBe('1 Green-Heart');
    expect(greenHearts(1200)).toBe('1,200 Green-Hearts');
  });

  it('names the beneficiary, else who the campaign is for', () => {
    const base = { fundraisingFor: 'My sister', firstName: null, lastName: null };
    expect(beneficiaryName(base)).toBe('My sister');
    expect(beneficiaryName({ ...base, firstName: 'Ada', lastName: 'Obi' })).toBe('Ada Obi');
  });

  it('keeps the paragraphs of a story and the line breaks inside them', () => {
    expect(storyParagraphs('First line\nsame paragraph\r\n\r\n\n  Second  \n\n')).toEqual([
      'First line\nsame paragraph',
      'Second',
    ]);
  });
});
