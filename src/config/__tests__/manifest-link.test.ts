import { describe, expect, it } from 'vitest';
import { manifestLink } from '../paths';

describe('the link to a romaneio', () => {
  it('names the driver and the day, or the shipments chosen (whose driver it takes)', () => {
    expect(manifestLink()).toBe('/admin/romaneio');
    expect(manifestLink({ driver: 'motoristademo01', day: '2026-11-27' })).toBe(
      '/admin/romaneio?motorista=motoristademo01&data=2026-11-27',
    );
    expect(manifestLink({ ids: ['abc', 'def'], driver: 'motoristademo01' })).toBe(
      '/admin/romaneio?remessas=abc,def',
    );
    expect(manifestLink({ ids: [], driver: 'x' })).toBe('/admin/romaneio?motorista=x');
  });
});
