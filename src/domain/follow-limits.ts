/**
 * 'Avise-me' limits (how many, how long; LGPD: nothing kept past delivery or `maxDays`), on their
 * own so the privacy page can state them without loading the rest of src/domain/follows.ts.
 */
export const FOLLOW_LIMITS = {
  /** New numbers one address may ask to follow in 24 hours. */
  perAddressPerDay: 10,
  /** Subscriptions asked from one IP in an hour. */
  perIpPerHour: 20,
  /** A confirmation e-mail is sent again for the same request at most this often… */
  resendMinutes: 10,
  /** …and at most this many times in all (the first included). */
  linksPerRequest: 3,
  /** An unconfirmed subscription (and its link) is gone after this. */
  confirmHours: 48,
  /** No subscription is kept longer than this. */
  maxDays: 90,
} as const;
