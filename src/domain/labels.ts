/**
 * What a shipment's 10×15 cm label says, part by part: the company, the service, the number (as
 * a Code 128 too), both parties, the weight, the promise and the tracking link (as a QR code too).
 * The office's label page (src/features/staff/labels) and the API's PDF (server/api/label.ts)
 * print these.
 */
import { formatDay, formatKg } from './format';
import { formatCep } from './masks';
import { trackingUrl } from './share';
import { addressLine, type Party, type ShipmentDetails } from './shipments';

export interface LabelParty {
  title: 'DESTINATÁRIO' | 'REMETENTE';
  name: string;
  address: string;
  /** 'Goiânia - GO' */
  place: string;
  /** 'CEP 74000-000' */
  cep: string;
}

export interface LabelText {
  company: string;
  service: string;
  number: string;
  recipient: LabelParty;
  sender: LabelParty;
  weight: string;
  promise: string;
  /** The tracking page of the number (the QR code), and how the label writes it. */
  link: string;
  linkText: string;
}

function partyOf(details: ShipmentDetails, party: Party): LabelParty {
  const get = (name: string) => String(details[`${party}${name}`] ?? '').trim();
  return {
    title: party === 'recipient' ? 'DESTINATÁRIO' : 'REMETENTE',
    name: get('Name'),
    address: addressLine(details, party),
    place: [get('City'), get('State')].filter(Boolean).join(' - '),
    cep: `CEP ${formatCep(get('Zip'))}`,
  };
}

export function labelText(
  company: string,
  number: string,
  details: ShipmentDetails,
  origin: string,
): LabelText {
  const weight = Number(details.weightKg) || 0;
  const link = trackingUrl(origin, number);
  return {
    company,
    service: String(details.service ?? '').toUpperCase(),
    number,
    recipient: partyOf(details, 'recipient'),
    sender: partyOf(details, 'sender'),
    weight: weight ? formatKg(weight) : '—',
    promise: formatDay(String(details.promisedDate ?? '')) || '—',
    link,
    linkText: `Rastreie em ${link.replace(/^https?:\/\//, '')}`,
  };
}
