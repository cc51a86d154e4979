import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoEmbed } from './video-embed';

afterEach(cleanup);

const youtube = {
  provider: 'youtube' as const,
  url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
};

describe('VideoEmbed', () => {
  it('loads nothing from the provider until the shopper presses Play', () => {
    const html = renderToString(<VideoEmbed embed={youtube} name="2024 Toyota RAV4 GX" />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie.com');
    render(<VideoEmbed embed={youtube} name="2024 Toyota RAV4 GX" />);
    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: /Play video/ });
    expect(play.textContent).toContain('Loads the YouTube player');
    fireEvent.click(play);
    const frame = screen.getByTitle('2024 Toyota RAV4 GX, video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(youtube.url);
    expect(document.activeElement).toBe(frame);
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull();
  });

  it('names Vimeo and links any other video in a new tab', () => {
    render(
      <VideoEmbed
        embed={{ provider: 'vimeo', url: 'https://player.vimeo.com/video/1?dnt=1&autoplay=1' }}
        name="Car"
      />,
    );
    expect(screen.getByRole('button', { name: /Play video/ }).textContent).toContain('Vimeo');
    cleanup();
    render(
      <VideoEmbed
        embed={{ provider: 'link', url: 'https://dealer.example.com/walk' }}
        name="Car"
      />,
    );
    const link = screen.getByRole('link', { name: /Watch the video/ });
    expect(link.getAttribute('href')).toBe('https://dealer.example.com/walk');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('iframe, button')).toBeNull();
  });
});
