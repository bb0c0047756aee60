/**
 * One tap to act on a stop: navigate there (Waze, Google Maps, by their public URL formats, no API
 * key) and reach the addressee (a call, WhatsApp). Each link is made only from data that makes it
 * work: a missing address or phone gives null, and the screen hides that button.
 */
import { formatCep } from './masks';
import type { ShipmentDetails } from './shipments';

/** The addressee's address as a navigation app searches it, or null without street and city. */
export function destinationQuery(details: ShipmentDetails): string | null {
  const get = (name: string) => String(details[`recipient${name}`] ?? '').trim();
  const street = get('Street');
  const city = get('City');
  if (!street || !city) return null;
  const number = get('StreetNumber');
  const zip = get('Zip');
  return [
    number && !/^s\/?n$/i.test(number) ? `${street}, ${number}` : street,
    get('District'),
    [city, get('State')].filter(Boolean).join(' - '),
    zip.length === 8 ? formatCep(zip) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function wazeUrl(details: ShipmentDetails): string | null {
  const q = destinationQuery(details);
  return q ? `https://waze.com/ul?q=${encodeURIComponent(q)}&navigate=yes` : null;
}

export function googleMapsUrl(details: ShipmentDetails): string | null {
  const q = destinationQuery(details);
  return q
    ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(q)}&travelmode=driving`
    : null;
}

/** The addressee's phone with its DDD (10 or 11 digits), or ''. */
function phoneDigits(details: ShipmentDetails): string {
  const digits = String(details.recipientPhone ?? '')
    .replace(/\D/g, '')
    .replace(/^55(?=\d{10,11}$)/, '');
  return /^[1-9]{2}\d{8,9}$/.test(digits) ? digits : '';
}

export function callUrl(details: ShipmentDetails): string | null {
  const digits = phoneDigits(details);
  return digits ? `tel:+55${digits}` : null;
}

/** WhatsApp only for a mobile number (11 digits, the ninth digit 9): a landline has none. */
export function whatsappUrl(details: ShipmentDetails): string | null {
  const digits = phoneDigits(details);
  return /^\d{2}9\d{8}$/.test(digits) ? `https://wa.me/55${digits}` : null;
}
