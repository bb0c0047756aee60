import { describe, expect, it } from 'vitest';
import { callUrl, destinationQuery, googleMapsUrl, wazeUrl, whatsappUrl } from '../directions';

const STOP = {
  recipientStreet: 'Rua 7',
  recipientStreetNumber: '45',
  recipientDistrict: 'Setor Oeste',
  recipientCity: 'Goiânia',
  recipientState: 'GO',
  recipientZip: '74110090',
  recipientPhone: '62999990000',
};

describe('one tap to a stop', () => {
  it('navigation apps get the whole address, encoded', () => {
    expect(destinationQuery(STOP)).toBe('Rua 7, 45, Setor Oeste, Goiânia - GO, 74110-090');
    expect(wazeUrl(STOP)).toBe(
      'https://waze.com/ul?q=Rua%207%2C%2045%2C%20Setor%20Oeste%2C%20Goi%C3%A2nia%20-%20GO%2C%2074110-090&navigate=yes',
    );
    expect(googleMapsUrl(STOP)).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=Rua%207%2C%2045%2C.+&travelmode=driving$/,
    );
    expect(destinationQuery({ ...STOP, recipientStreetNumber: 'S/N' })).toBe(
      'Rua 7, Setor Oeste, Goiânia - GO, 74110-090',
    );
  });

  it('no street or city: no navigation link at all', () => {
    expect(wazeUrl({ ...STOP, recipientStreet: '' })).toBeNull();
    expect(googleMapsUrl({ ...STOP, recipientCity: ' ' })).toBeNull();
  });

  it('a call for any phone with its DDD; WhatsApp only for a mobile', () => {
    expect(callUrl(STOP)).toBe('tel:+5562999990000');
    expect(whatsappUrl(STOP)).toBe('https://wa.me/5562999990000');
    const landline = { ...STOP, recipientPhone: '(62) 3333-4444' };
    expect(callUrl(landline)).toBe('tel:+556233334444');
    expect(whatsappUrl(landline)).toBeNull();
    expect(callUrl({ ...STOP, recipientPhone: '' })).toBeNull();
    expect(callUrl({ ...STOP, recipientPhone: '12345' })).toBeNull();
  });
});
