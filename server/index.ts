// The server: what the hooks in pb_hooks/*.pb.js call. vite.hooks.config.ts bundles this module
// and everything it imports (the shared domain included) into pb_hooks/lib/generated/server.cjs,
// which each handler requires: PocketBase runs every handler in a pooled VM that shares nothing
// with the file that registered it, so a handler cannot use a top-level binding of its own file.
export { applySettings } from './settings';
export { rememberRootApp } from './config';
export { everyRequest } from './site';
export { limitAccountMail } from './limits';
export { accountSaved, refuseDisabledSignIn } from './sessions';
export { limitPasswordSignIn } from './sign-in';
export { handleCreate, handleUpdate, answerNextPickupNumber } from './submissions';
export { answerDismiss, answerResend } from './mail-routes';
export { checkClientList, checkClientSubscriptions, clientView } from './client-view';
export {
  answerDrivers,
  applyBatch,
  applyChange,
  applyPhoto,
  checkDashboardCreate,
} from './tracking';
export {
  trackingCreated,
  trackingDeleted,
  trackingUpdateRequested,
  trackingUpdated,
} from './tracking-events';
export { cancel, confirm, openCancelLink, subscribe } from './follows';
export { answerReservedNumbers } from './shipment-numbers';
export { answerLookup } from './lookup';
export {
  anonymizeOldRequests,
  dropTombstones,
  forgetOldFollows,
  rememberStart,
  sendMail,
} from './jobs';
export { answerLgpdErase, answerLgpdExport } from './lgpd';
export { historyOfDashboardDelete, historyOfDashboardEdit, refuseHistoryChange } from './history';
export { answerReceiverNote, saveReceiverNote } from './receiver';
