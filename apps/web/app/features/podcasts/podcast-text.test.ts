import { describe, expect, it } from 'vitest';
import { episodePath, formatDuration, listenLabel } from './podcast-text.ts';

describe('formatDuration', () => {
  it('shows minutes under an hour and hours with minutes above', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(95)).toBe('1 h 35 min');
  });
});

describe('listenLabel', () => {
  it('names the provider, or the audio file for a direct link', () => {
    expect(listenLabel('youtube')).toBe('Listen on YouTube');
    expect(listenLabel('apple')).toBe('Listen on Apple Podcasts');
    expect(listenLabel('other')).toBe('Listen to the audio file');
  });
});

describe('episodePath', () => {
  it('encodes the id', () => {
    expect(episodePath('a/b')).toBe('/podcast/a%2Fb');
  });
});
