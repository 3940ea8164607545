import { describe, expect, it } from 'vitest';
import { scrubPersonalData } from '@/site/shell/errors/scrub-personal-data';

describe('scrubbing personal data from an error message', () => {
  it('replaces e-mail addresses', () => {
    expect(scrubPersonalData('No account for jane.doe+work@example.co.uk, try again')).toBe(
      'No account for [email], try again',
    );
  });

  it('replaces phone numbers and other long runs of digits, written with separators or not', () => {
    expect(scrubPersonalData('Call +1 (310) 555-0147 or 3105550147 now')).toBe(
      'Call [number] or [number] now',
    );
    expect(scrubPersonalData('Card 4111 1111 1111 1111 declined')).toBe('Card [number] declined');
  });

  it('keeps short numbers that identify nobody', () => {
    expect(scrubPersonalData('HTTP 404 at line 12:34 after 250 ms')).toBe(
      'HTTP 404 at line 12:34 after 250 ms',
    );
  });

  it('drops the query string and fragment of absolute and relative addresses', () => {
    expect(
      scrubPersonalData(
        'Failed to fetch https://site.test/search?search=jane%20doe#top and /account/verify?token=abc',
      ),
    ).toBe('Failed to fetch https://site.test/search and /account/verify');
  });

  it('removes an e-mail address carried in a query string', () => {
    expect(scrubPersonalData('GET /login?email=jane@example.com failed')).toBe('GET /login failed');
  });
});
