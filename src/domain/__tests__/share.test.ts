import { describe, expect, it } from 'vitest';
import { emailShareHref, trackingShareText, whatsappShareHref } from '../share';

describe('sharing a tracking link', () => {
  const text = trackingShareText('Rota Veloz', '123456789012', 'https://rv.example');

  it('names the number and the company and carries the tracking page', () => {
    expect(text).toBe(
      'Acompanhe a remessa 123456789012 da Rota Veloz: https://rv.example/rastrear?numero=123456789012',
    );
  });

  it('opens WhatsApp and the mail app with the text, accents and all, intact', () => {
    const wa = whatsappShareHref(text);
    expect(wa.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(wa.slice('https://wa.me/?text='.length))).toBe(text);
    const mail = /^mailto:\?subject=([^&]*)&body=([^&]*)$/.exec(
      emailShareHref('Remessa em trânsito', text),
    );
    expect(mail && decodeURIComponent(mail[1]!)).toBe('Remessa em trânsito');
    expect(mail && decodeURIComponent(mail[2]!)).toBe(text);
  });
});
