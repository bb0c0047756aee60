// PocketBase's own error messages, as a person reads them here. Our hooks already answer in
// Portuguese; only PocketBase's English texts (and its field codes) are translated.
const MESSAGES = {
  'Failed to load the submitted data due to invalid formatting.':
    'Os dados enviados não estão num formato válido.',
  "The requested resource wasn't found.": 'Não encontrado.',
  'Something went wrong while processing your request.':
    'Algo deu errado ao processar o pedido. Tente de novo.',
  'Failed to create record.': 'Não foi possível salvar. Confira os dados.',
  'Failed to update record.': 'Não foi possível salvar. Confira os dados.',
  'Failed to delete record. Make sure that the record is not part of a required relation reference.':
    'Não foi possível excluir.',
  'Failed to authenticate.': 'E-mail ou senha incorretos.',
  'The request requires valid record authorization token.': 'Entre para continuar.',
  'The authorized record is not allowed to perform this action.': 'Sem permissão para esta ação.',
  'Only superusers can perform this action.': 'Sem permissão para esta ação.',
  'Missing or invalid collection context.': 'Não encontrado.',
  'Too Many Requests.': 'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
};

const UNREADABLE = 'Os dados enviados não puderam ser lidos. Confira e envie de novo.';

const CODES = {
  validation_required: 'Este campo é obrigatório.',
  validation_not_unique: 'Este valor já existe.',
  validation_invalid_number: 'Informe um número.',
  validation_invalid_email: 'Email inválido.',
  validation_length_out_of_range: 'Tamanho inválido.',
  validation_max_text_constraint: 'Texto longo demais.',
  validation_invalid_format: 'Formato inválido.',
  validation_values_mismatch: 'Os valores não conferem.',
  validation_min_number_constraint: 'Número pequeno demais.',
  validation_max_number_constraint: 'Número grande demais.',
  validation_invalid_mime_type: 'A foto precisa ser uma imagem (JPEG, PNG ou WebP).',
  validation_file_size_limit: 'A foto passa de 5 MB.',
};

function status(err) {
  const v = err && err.value;
  return (v && (v.status || (v.code && v.code > 99 ? v.code : 0))) || 0;
}

/** The same error, with PocketBase's English message and field texts in Portuguese. */
function inPortuguese(err) {
  const v = err && err.value;
  const code = status(err);
  if (!v || !code) return err;
  // A 400 with PocketBase's generic text is a body it could not read (malformed JSON).
  const unreadable =
    code === 400 && v.message === 'Something went wrong while processing your request.';
  const message = unreadable ? UNREADABLE : MESSAGES[v.message] || v.message;
  const data = {};
  const fields = v.data || {};
  for (const name in fields) {
    const f = fields[name] || {};
    const fieldCode = typeof f.code === 'function' ? f.code() : f.code;
    const fieldMessage = typeof f.message === 'function' ? f.message() : f.message;
    data[name] = new ValidationError(fieldCode || 'invalid', CODES[fieldCode] || fieldMessage);
  }
  return new ApiError(code, message, data);
}

/** A 400 naming each field, in Portuguese, as the forms and the outbox show it. */
function fieldErrors(problems) {
  const data = {};
  for (const name in problems) data[name] = new ValidationError('invalid', problems[name]);
  return new BadRequestError('Dados inválidos.', data);
}

module.exports = { inPortuguese, fieldErrors };
