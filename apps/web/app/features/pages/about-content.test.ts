import { describe, expect, it } from 'vitest';
import { splitAboutUs } from './about-content.ts';

describe('splitAboutUs', () => {
  it('splits the document at its "What we do" heading', () => {
    expect(splitAboutUs('<p>Story</p><h2>What we do</h2><p>Work</p>')).toEqual({
      story: '<p>Story</p>',
      whatWeDo: '<p>Work</p>',
    });
    expect(splitAboutUs('<p>A</p><H2 class="x"> what WE do </H2><ul><li>B</li></ul>')).toEqual({
      story: '<p>A</p>',
      whatWeDo: '<ul><li>B</li></ul>',
    });
  });

  it('keeps a document without that heading whole', () => {
    expect(splitAboutUs(' <p>Only a story</p> ')).toEqual({
      story: '<p>Only a story</p>',
      whatWeDo: null,
    });
  });
});
