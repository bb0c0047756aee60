// Sending a tracking link to someone: the words and the addresses that open WhatsApp or the mail
// app with them, for the public result and the office's shipments.
import { displayTrackingNumber } from './masks';

/** The tracking page of one number, at the site's address. */
export function trackingUrl(origin: string, number: string): string {
  return `${origin}/rastrear?numero=${number}`;
}

/** 'Acompanhe a remessa 123456789012 da Rota Veloz: https://…/rastrear?numero=…' */
export function trackingShareText(company: string, number: string, origin: string): string {
  return `Acompanhe a remessa ${displayTrackingNumber(number)} da ${company}: ${trackingUrl(origin, number)}`;
}

/** WhatsApp's own link with the text ready to send, to a contact the person chooses there. */
export function whatsappShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The mail app with the subject and the text filled in. */
export function emailShareHref(subject: string, text: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
}
