/// <reference path="../../server/pocketbase.d.ts" />
// System e-mails of the staff and client accounts (password reset, verification, new sign-in
// alert) in Portuguese. {APP_URL} is settings.meta.appURL (APP_URL), not localhost.

const TEMPLATES = {
  resetPasswordTemplate: {
    subject: 'Redefinir a senha - {APP_NAME}',
    body:
      '<p>Olá,</p><p>Recebemos um pedido para redefinir a senha da sua conta.</p>' +
      '<p><a href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}">Redefinir a senha</a></p>' +
      '<p>Se não foi você, ignore este e-mail.</p><p>{APP_NAME}</p>',
  },
  verificationTemplate: {
    subject: 'Confirme seu e-mail - {APP_NAME}',
    body:
      '<p>Olá,</p><p>Confirme o e-mail desta conta:</p>' +
      '<p><a href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}">Confirmar e-mail</a></p>' +
      '<p>{APP_NAME}</p>',
  },
  confirmEmailChangeTemplate: {
    subject: 'Confirme o novo e-mail - {APP_NAME}',
    body:
      '<p>Olá,</p><p>Confirme o novo e-mail desta conta:</p>' +
      '<p><a href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}">Confirmar</a></p>' +
      '<p>{APP_NAME}</p>',
  },
};

migrate(
  (app) => {
    for (const name of ['staff', 'clients']) {
      const collection = app.findCollectionByNameOrId(name);
      for (const key in TEMPLATES) {
        collection[key].subject = TEMPLATES[key].subject;
        collection[key].body = TEMPLATES[key].body;
      }
      collection.authAlert.emailTemplate.subject = 'Novo acesso à sua conta - {APP_NAME}';
      collection.authAlert.emailTemplate.body =
        '<p>Olá,</p><p>Sua conta foi acessada de um novo local.</p>' +
        '<p>Se não foi você, troque a senha e avise o responsável.</p><p>{APP_NAME}</p>';
      app.save(collection);
    }
  },
  () => {
    // The English defaults are not worth restoring.
  },
);
