// The server: what the hooks in pb_hooks/*.pb.js call. vite.hooks.config.ts bundles this module
// and everything it imports (the shared domain included) into pb_hooks/lib/generated/server.cjs,
// which each handler requires: PocketBase runs every handler in a pooled VM that shares nothing
// with the file that registered it, so a handler cannot use a top-level binding of its own file.
export { applySettings } from './core/settings';
export { rememberRootApp } from './core/config';
export { everyRequest } from './http/site';
export { limitAccountMail } from './http/limits';
export { accountSaved, refuseDisabledSignIn } from './accounts/sessions';
export { limitPasswordSignIn } from './accounts/sign-in';
export { handleCreate, handleUpdate, answerNextPickupNumber } from './requests/submissions';
export { createPickupBatch } from './requests/pickup-batch';
export { answerDismiss, answerResend } from './mail/routes';
export { checkClientList, checkClientSubscriptions, clientView } from './clients/view';
export { applyBatch, applyChange, applyPhoto, checkDashboardCreate } from './tracking/changes';
export { answerDrivers } from './tracking/drivers';
export {
  trackingCreated,
  trackingDeleted,
  trackingUpdateRequested,
  trackingUpdated,
} from './tracking/events';
export { cancel, confirm, openCancelLink, subscribe } from './tracking/follows';
export { answerReservedNumbers } from './tracking/numbers';
export { answerLookup } from './tracking/lookup';
export {
  anonymizeOldRequests,
  dropTombstones,
  forgetOldFollows,
  rememberStart,
  sendMail,
  sendWebhooks,
} from './core/jobs';
export { answerLgpdErase, answerLgpdExport } from './privacy/lgpd';
export {
  historyOfDashboardDelete,
  historyOfDashboardEdit,
  refuseHistoryChange,
} from './tracking/history';
export { answerReceiverNote, saveReceiverNote } from './tracking/receiver';
export {
  createCompany,
  editCompany,
  invitePerson,
  refuseDisabledClient,
  resendInvite,
  setCompanyDisabled,
  setPersonDisabled,
} from './clients/companies';
export { removeAddressEntry, saveAddressEntry } from './clients/address-book';
export {
  answerDeliveryProof,
  answerProofPhoto,
  answerProofSignature,
} from './clients/delivery-proof';
export { answerStatement } from './clients/statement';
// For the migration that priced the shipments made before prices were stored.
export { shipmentPrice } from '../src/domain/pricing';
export {
  answerDeliveries,
  answerWebhooks,
  createWebhook,
  deleteWebhook,
  resendDelivery,
  testWebhook,
} from './webhooks/routes';
export { answerApiKeys, createApiKey, revokeApiKey } from './api/keys';
export {
  answerOpenApi,
  apiCreatePickup,
  apiListPickups,
  apiListShipments,
  apiPickup,
  apiQuoteRoute,
  apiShipment,
  apiShipmentLabel,
} from './api/routes';
