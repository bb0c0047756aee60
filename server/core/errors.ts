// PocketBase's own error messages, as a person reads them here. Our hooks already answer in
// Portuguese; only PocketBase's English texts (and its field codes) are translated.
const MESSAGES: { [english: string]: string } = {
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
  'Request entity too large.': 'O envio é grande demais. Envie menos dados (uma foto de até 5 MB).',
  'Unsupported Content-Type.': 'Os dados enviados não estão num formato aceito.',
  'Missing or invalid client id.': 'Conexão ao vivo não encontrada. Recarregue a página.',
  'An error occurred while validating the submitted data.': 'Confira os dados enviados.',
  'An error occurred while submitting the form.': 'Confira os dados enviados.',
  'Invalid or expired token.': 'Link ou sessão expirados. Entre de novo.',
  'Missing auth record context.': 'Entre para continuar.',
  'The request is not authorized.': 'Entre para continuar.',
};

/** Said for a status when PocketBase's English text has no translation of its own here. */
const BY_STATUS: { [status: number]: string } = {
  400: 'Confira os dados enviados.',
  401: 'Entre para continuar.',
  403: 'Sem permissão para esta ação.',
  404: 'Não encontrado.',
  413: MESSAGES['Request entity too large.'],
  429: MESSAGES['Too Many Requests.'],
};
const FALLBACK = 'Algo deu errado ao processar o pedido. Tente de novo.';

const UNREADABLE = 'Os dados enviados não puderam ser lidos. Confira e envie de novo.';

const CODES: { [code: string]: string } = {
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
  validation_min_text_constraint: 'Texto curto demais.',
  validation_length_too_short: 'Curto demais.',
  validation_length_too_long: 'Longo demais.',
  validation_length_invalid: 'Tamanho inválido.',
  validation_is_email: 'Email inválido.',
  validation_invalid_value: 'Valor inválido.',
  validation_in_invalid: 'Escolha uma das opções.',
  validation_match_invalid: 'Formato inválido.',
  validation_invalid_json: 'Os dados enviados não puderam ser lidos.',
  validation_invalid_date: 'Data inválida.',
  validation_invalid_bool: 'Use sim ou não.',
  validation_invalid_string: 'Use texto.',
  validation_missing_rel_records: 'Registro relacionado não encontrado.',
  validation_too_many_values: 'Valores demais.',
  validation_invalid_file: 'Arquivo inválido.',
  validation_nil_or_not_empty_required: 'Este campo deve ficar vazio.',
  validation_empty: 'Este campo deve ficar vazio.',
};

// Words that mark one of PocketBase's English texts (ours are Portuguese): such a text never
// reaches a person, whatever new message a PocketBase version brings.
const ENGLISH =
  /\b(the|must|failed|invalid|missing|unsupported|cannot|can't|should|please|required|allowed|error|request|record|value|only|not)\b/i;
const looksEnglish = (text: string) => /^[\x20-\x7e]*$/.test(text) && ENGLISH.test(text);

/**
 * What a hook catches: a Go error wrapped by the JSVM (its `value`), an API error thrown by our
 * own code in the same VM (no wrapper), or a JS error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Caught = any;

/** The API error inside what was caught, if it is one. */
function apiError(err: Caught): Caught {
  if (!err) return undefined;
  if (err.value) return err.value;
  return typeof err.status === 'number' ? err : undefined;
}

function status(err: Caught): number {
  const v = apiError(err);
  return (v && (v.status || (v.code && v.code > 99 ? v.code : 0))) || 0;
}

/** An error that is not an API error (a raw error from reading the body, a database miss). */
function fromPlainError(err: Caught): ApiError {
  const text = String((err && err.value && err.value.error && err.value.error()) || err);
  if (/no rows in result set/.test(text)) return new NotFoundError('Não encontrado.');
  if (/too large/i.test(text)) return new ApiError(413, BY_STATUS[413], {});
  if (/content-type/i.test(text)) return new BadRequestError(MESSAGES['Unsupported Content-Type.']);
  return new BadRequestError(UNREADABLE);
}

/** A field's message in Portuguese, by its code; a PocketBase text never goes out as it is. */
function fieldMessage(code: string, message: string): string {
  if (CODES[code]) return CODES[code];
  if (!message || looksEnglish(message) || /^validation_/.test(code || ''))
    return 'Valor inválido.';
  return message;
}

/**
 * The same error, with PocketBase's English message and field texts in Portuguese; one that is
 * not an API error becomes a Portuguese 400 (or 404), never its internal text.
 */
export function inPortuguese(err: Caught): ApiError {
  const v = apiError(err);
  const code = status(err);
  if (!v || !code) return fromPlainError(err);
  // A 400 with PocketBase's generic text is a body it could not read (malformed JSON).
  const unreadable =
    code === 400 && v.message === 'Something went wrong while processing your request.';
  let message = unreadable ? UNREADABLE : MESSAGES[v.message] || v.message;
  if (!message || looksEnglish(message)) message = BY_STATUS[code] || FALLBACK;
  const data: { [field: string]: ValidationError } = {};
  const fields = v.data || {};
  for (const name in fields) {
    const f = fields[name] || {};
    const fieldCode = typeof f.code === 'function' ? f.code() : f.code;
    const text = typeof f.message === 'function' ? f.message() : f.message;
    data[name] = new ValidationError(fieldCode || 'invalid', fieldMessage(fieldCode, text));
  }
  return new ApiError(code, message, data);
}

/** A 400 naming each field, in Portuguese, as the forms and the outbox show it. */
export function fieldErrors(
  problems: { [field: string]: string },
  message = 'Dados inválidos.',
): ApiError {
  const data: { [field: string]: ValidationError } = {};
  for (const name in problems) data[name] = new ValidationError('invalid_' + name, problems[name]);
  return new BadRequestError(message, data);
}

/**
 * A save refused by the collection's own checks (a photo that is not an image, a field too long)
 * as a 400 naming the fields, which the middleware then words in Portuguese; anything else (the
 * database busy) stays as it is, so the phone tries again later.
 */
export function refusedSave(err: Caught): unknown {
  const fields = err && err.value;
  if (fields && typeof fields.filter === 'function') {
    return new BadRequestError('Dados inválidos.', fields);
  }
  return err;
}

/** Save a record; a refusal by the collection's own checks becomes a 400 naming the fields. */
export function saveOrRefuse(app: core.App, record: core.Record): void {
  try {
    app.save(record);
  } catch (err) {
    throw refusedSave(err);
  }
}

/** One item's error in a batch's answer (several changes, several pickups): as its own request's. */
export interface BatchFailure {
  status: number;
  message: string;
  data: { [field: string]: { code: string; message: string } };
}

/**
 * One item's error as a batch answers it: an API error in Portuguese (status, message and each
 * field's code and message); anything else as a server failure.
 */
export function batchFailure(err: unknown): BatchFailure {
  // Thrown by our own code it is the API error itself; from PocketBase, a wrapped Go error.
  const direct = err as { status?: unknown };
  const api = inPortuguese(
    typeof direct?.status === 'number' ? { value: err } : (err as Caught),
  ) as unknown as {
    status: number;
    message: string;
    data?: { [field: string]: { code?: unknown; message?: unknown } };
  };
  const data: { [field: string]: { code: string; message: string } } = {};
  for (const name in api.data || {}) {
    const f = api.data![name]!;
    data[name] = {
      code: String(typeof f.code === 'function' ? (f.code as () => string)() : f.code),
      message: String(typeof f.message === 'function' ? (f.message as () => string)() : f.message),
    };
  }
  return { status: api.status || 500, message: api.message, data };
}
