import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Html } from '@/components/ui/html';
import { sanitizeHtml } from '../sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting and links', () => {
    expect(sanitizeHtml('<p>Fund <b>one</b> <a href="https://example.com">site</a></p>')).toBe(
      '<p>Fund <b>one</b> <a href="https://example.com">site</a></p>',
    );
  });

  it('removes scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hi</p><script>steal()</script><img src="x.png" onerror="steal()"><a href="javascript:steal()">x</a>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('lets text stored with a no-break space between every word (Quill 2.0.3) wrap again', () => {
    expect(sanitizeHtml('<p>Minimum&nbsp;commitment&nbsp;and&nbsp;fees,&nbsp;&nbsp;twice.</p>')).toBe(
      '<p>Minimum commitment and fees,&nbsp;&nbsp;twice.</p>',
    );
  });

  it('answers an empty string for missing HTML', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});

describe('<Html>', () => {
  it('shows CMS HTML without its scripts', () => {
    const { container } = render(<Html html={'<h2>Terms</h2><script>document.title = "owned"</script>'} />);
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });
});
