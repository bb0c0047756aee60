/** What the PocketBase hooks use of the domain; bundled to pb_hooks/lib/domain.cjs by scripts/build-hooks.mjs. */
export {
  validateSubmission,
  RULES,
  TRACKING_NUMBER_RULE,
  checkField,
  NOT_INFORMED,
} from './submissions';
export { quoteParcel, CONSULTAR } from './pricing';
export { formatCents, formatKg, formatDecimal, formatDateTime } from './format';
export { declaredValueCents, parseBrlToCents, parseDecimal } from './text';
export { normalizeStages, TRACKING_STAGES } from './stages';
