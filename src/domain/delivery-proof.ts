/**
 * The 'Comprovante de entrega' a client company reads of each of its delivered shipments: the
 * receiver's name as the driver typed it (whole: the company's own addressee, never shown to the
 * public, which reads initials), when, the photo and signature taken at the door and, when the
 * driver's phone shared it, where. The server answers it only to the company's own people.
 */

export interface DeliveryProof {
  number: string;
  /** The company the shipment is for (the client's own name, printed on the sheet). */
  company: string;
  /** The pickup request it came from, or 0. */
  requestNumber: number;
  /** The addressee as the shipment names them, and where it went ('Goiânia - GO'). */
  recipient: string;
  destination: string;
  /** Who received it, as typed at the door (initials once the retention period erased it). */
  receiverName: string;
  /** When (stored time, UTC). */
  deliveredAt: string;
  /** Whether a photo and a signature are kept (read from the routes below). */
  photo: boolean;
  signature: boolean;
  /** Where the driver's phone was, when it shared its position. */
  position?: { latitude: number; longitude: number };
  /** The retention period erased the photo, the signature and the receiver's name. */
  erased: boolean;
}

export const PROOF_MESSAGES = {
  /** The same for a number that does not exist and one of another company. */
  notFound: 'Comprovante não encontrado.',
  notDelivered: 'Esta remessa ainda não foi entregue: o comprovante sai com a entrega.',
  noFile: 'Esta entrega não tem esse arquivo.',
  offline:
    'Sem conexão: o comprovante de entrega é aberto direto do servidor e não fica guardado neste aparelho. Tente de novo quando o sinal voltar.',
  erased:
    'Passado o prazo de guarda, a foto, a assinatura e o nome completo de quem recebeu foram apagados.',
} as const;

/** 'Ver no mapa': the position as a link anyone's phone opens in its map. */
export function mapLink(position: { latitude: number; longitude: number }): string {
  const lat = position.latitude.toFixed(6);
  const lon = position.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** '-16.686900, -49.264300'. */
export const positionText = (position: { latitude: number; longitude: number }) =>
  `${position.latitude.toFixed(6)}, ${position.longitude.toFixed(6)}`;
