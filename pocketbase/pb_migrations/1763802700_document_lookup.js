/// <reference path="../../server/pocketbase.d.ts" />
// '/rastrear' with a CPF or CNPJ lists the shipments where it is the sender's or the recipient's
// document (number, stage, destination city, promise: nothing personal). Both are stored as
// digits; an index each keeps that lookup as quick as the number's.

migrate(
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.addIndex(
      'idx_tracking_sender_document',
      false,
      'senderDocument',
      "senderDocument != ''",
    );
    tracking.addIndex(
      'idx_tracking_recipient_document',
      false,
      'recipientDocument',
      "recipientDocument != ''",
    );
    app.save(tracking);
  },
  (app) => {
    const tracking = app.findCollectionByNameOrId('tracking');
    tracking.removeIndex('idx_tracking_sender_document');
    tracking.removeIndex('idx_tracking_recipient_document');
    app.save(tracking);
  },
);
