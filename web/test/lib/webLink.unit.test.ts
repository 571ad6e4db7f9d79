import { describe, expect, it } from 'vitest';
import { webLink } from '../../src/lib/webLink.ts';

describe("an operator's link on a public page", () => {
  it('is kept when it is a web address', () => {
    expect(webLink('https://fondation.example/encan')).toBe('https://fondation.example/encan');
    expect(webLink('http://fondation.example')).toBe('http://fondation.example');
    expect(webLink(' https://fondation.example/encan\n')).toBe('https://fondation.example/encan');
  });

  it('is dropped when it would run script, hide its site or read against the page', () => {
    for (const stored of [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https://bank.example@evil.example',
      '//evil.example',
      '/en/login',
      '',
      null,
      undefined,
    ]) {
      expect(webLink(stored)).toBeUndefined();
      expect(webLink(stored, { bareHost: true })).toBeUndefined();
    }
  });

  it('takes http for a bare host where the spec allows one (footer, banner)', () => {
    expect(webLink('fondation.example', { bareHost: true })).toBe('http://fondation.example');
    expect(webLink('www.fondation.example/dons', { bareHost: true })).toBe('http://www.fondation.example/dons');
    expect(webLink('fondation.example:8080/dons', { bareHost: true })).toBe('http://fondation.example:8080/dons');
    expect(webLink('fondation.example')).toBeUndefined();
  });
});
