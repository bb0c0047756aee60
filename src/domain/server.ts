/** What the PocketBase hooks use of the domain; bundled to pb_hooks/lib/generated/domain.cjs by vite.hooks.config.ts. */
export {
  SUBMISSION_KINDS,
  SUBMISSION_KIND_LIST,
  kindOfCollection,
  prepareSubmission,
  personalFields,
  ANONYMIZED,
  storedFields,
  TRACKING_NUMBER_RULE,
} from './submissions';
export { confirmationMail, companyMail } from './submission-mails';
export { checkField, validateSubmission } from './fields';
export { CONFIRMATIONS_PER_MAILBOX_PER_DAY, isPermanentRefusal } from './mail';
export {
  normalizeStages,
  stageTimeField,
  stageTimesOf,
  stampStageTimes,
  stampStageAuthors,
  stageByField,
  TRACKING_STAGES,
  DELIVERED_STAGE,
} from './stages';
export { formatCents, formatDateTime } from './format';
export {
  checkTrackingChange,
  checkPhoto,
  mergeStageChange,
  initials,
  storedTime,
  CHANGE_MESSAGES,
  stageChangedField,
} from './tracking-changes';
export {
  FOLLOW_RULES,
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  followConfirmMail,
  followUpdateMail,
  stagesToTell,
  highestStage,
  mailboxKey,
  linkableNumber,
} from './follows';
