// The OpenAPI 3.1 document of the API (`GET /api/v1/openapi.json`), built from the domain: the
// pickup's body from the form's catalogue, the quote's from the simulator's rules, each answer's
// fields from the views the routes answer, and every example made by those same functions. A
// field added to the form is in the document with it; tests/server/api.test.ts checks the document
// against the running server.
import {
  API_KEY_PREFIX,
  API_MAX_PER_PAGE,
  API_MESSAGES as M,
  API_PER_PAGE,
  API_PICKUP_EXAMPLE,
  API_QUOTE_EXAMPLE,
  API_QUOTE_RULES,
  API_REQUESTS_PER_MINUTE,
  PICKUPS,
  apiPage,
  apiPickupFields,
  apiQuote,
  apiShipmentOf,
} from '../../src/domain/api';
import { ATTEMPT_REASONS } from '../../src/domain/attempts';
import type { FieldRule } from '../../src/domain/fields';
import { prepareSubmission } from '../../src/domain/submissions';
import { company as brand } from '../core/config';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A field of the catalogue as JSON Schema: its type, bounds and options, its label as title. */
function fieldSchema(rule: FieldRule): Schema {
  const title = rule.label;
  const only = rule.onlyWhen
    ? ` Só conta quando ${rule.onlyWhen.field} = '${rule.onlyWhen.equals}'.`
    : '';
  if (rule.kind === 'decimal') {
    const range = `De ${rule.minValue} a ${rule.maxValue} ${rule.unit}.`;
    return {
      title,
      description: `${range} Um número, ou texto como o formulário aceita ('3,5').${only}`,
      anyOf: [
        { type: 'number', minimum: rule.minValue, maximum: rule.maxValue },
        { type: 'string', maxLength: 20 },
      ],
    };
  }
  if (rule.kind === 'money') {
    return {
      title,
      description: `Em reais, até ${rule.maxValue}: um número (1234.56) ou texto como '1.234,56'.${only}`,
      anyOf: [
        { type: 'number', minimum: 0, maximum: rule.maxValue },
        { type: 'string', maxLength: 30 },
      ],
    };
  }
  const schema: Schema = { title, type: 'string' };
  if (rule.max) schema.maxLength = rule.max;
  if (rule.kind === 'choice') schema.enum = [...(rule.options ?? [])];
  if (rule.kind === 'email') schema.format = 'email';
  const notes: Record<string, string> = {
    phone: 'Com DDD, como (64) 3431-0000.',
    cep: '8 dígitos, com ou sem hífen.',
    document: 'CPF ou CNPJ válido.',
  };
  const description = `${notes[rule.kind] ?? ''}${only}`.trim();
  if (description) schema.description = description;
  return schema;
}

/** A request body's schema from the rules: required are the fields the form requires. */
function bodySchema(rules: readonly FieldRule[], extra: Record<string, Schema> = {}): Schema {
  const properties: Record<string, Schema> = { ...extra };
  for (const rule of rules) properties[rule.name] = fieldSchema(rule);
  return {
    type: 'object',
    properties,
    required: rules.filter((r) => r.required && !r.fallback).map((r) => r.name),
  };
}

function pickupSchema(): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of apiPickupFields()) {
    const schema: Schema = { type: field.type };
    if (field.options) schema.enum = [...field.options];
    if (field.max) schema.maxLength = field.max;
    properties[field.name] = schema;
  }
  properties.number = { type: 'integer', description: 'O número da solicitação.' };
  properties.shipmentNumber = {
    type: 'string',
    description: 'O número da remessa feita a partir dela (vazio até lá).',
  };
  properties.shipmentStage = {
    type: 'integer',
    minimum: 0,
    maximum: 4,
    description: 'A última etapa da remessa (0: nenhuma).',
  };
  properties.shipmentDeliveredTo = { type: 'string', description: 'Iniciais de quem recebeu.' };
  properties.requestedBy = {
    type: 'string',
    description: 'Quem pediu: a pessoa, a senha compartilhada ou o nome da chave de API.',
  };
  return {
    type: 'object',
    description:
      'O que as pessoas da empresa leem da solicitação em "Minhas solicitações": os campos do formulário como guardados (pesos em kg, medidas em cm, valor em centavos) e o que aconteceu com ela.',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const SHIPMENT_SCHEMA: Schema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    requestNumber: {
      type: 'integer',
      description: 'A solicitação de coleta de origem (0: nenhuma).',
    },
    service: { type: 'string' },
    registeredAt: { type: 'string', description: 'Quando a remessa foi feita (UTC).' },
    promisedDate: { type: 'string', description: 'AAAA-MM-DD' },
    destination: { type: 'string', description: 'Cidade - UF' },
    weightKg: { type: 'number' },
    stage: { type: 'integer', minimum: 0, maximum: 4, description: 'A etapa mais adiante.' },
    stageLabel: { type: 'string' },
    stages: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 4 } },
    stageTimes: {
      type: 'object',
      description: 'Quando cada etapa foi alcançada (UTC), por etapa.',
      patternProperties: { '^[1-4]$': { type: 'string' } },
      additionalProperties: false,
    },
    deliveredTo: { type: 'string', description: 'Iniciais de quem recebeu (vazio até a entrega).' },
    deliveredAt: { type: 'string' },
    returnedAt: { type: 'string' },
    attempts: {
      type: 'array',
      description: 'Tentativas de entrega que falharam: quando e por quê.',
      items: {
        type: 'object',
        properties: {
          at: { type: 'string' },
          reason: { type: 'string', enum: ATTEMPT_REASONS.map((r) => r.code) },
          reasonLabel: { type: 'string' },
        },
        required: ['at', 'reason', 'reasonLabel'],
        additionalProperties: false,
      },
    },
  },
  required: [
    'number',
    'requestNumber',
    'service',
    'registeredAt',
    'promisedDate',
    'destination',
    'weightKg',
    'stage',
    'stageLabel',
    'stages',
    'stageTimes',
    'deliveredTo',
    'deliveredAt',
    'returnedAt',
    'attempts',
  ],
  additionalProperties: false,
};

const pageSchema = (item: string): Schema => ({
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: API_MAX_PER_PAGE },
    totalItems: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
    items: { type: 'array', items: ref(item) },
  },
  required: ['page', 'perPage', 'totalItems', 'totalPages', 'items'],
  additionalProperties: false,
});

const ERROR_SCHEMA: Schema = {
  type: 'object',
  description: 'Todo erro, em português; `data` nomeia cada campo recusado e diz por quê.',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    data: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' } },
        required: ['code', 'message'],
      },
    },
  },
  required: ['status', 'message', 'data'],
};

const error = (status: number, message: string, data: Record<string, string> = {}) => ({
  status,
  message,
  data: Object.fromEntries(
    Object.entries(data).map(([name, text]) => [name, { code: `invalid_${name}`, message: text }]),
  ),
});

const json = (schema: Schema, example: unknown) => ({
  'application/json': { schema, example },
});

function errorResponse(description: string, example: unknown, headers?: Schema) {
  return { description, ...(headers ? { headers } : {}), content: json(ref('Error'), example) };
}

/** What every route with a key may answer besides its own. */
const KEY_ERRORS = {
  '401': { $ref: '#/components/responses/Unauthorized' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
};

const EXAMPLE_CREATED = '2026-03-02 13:45:10.123Z';
const EXAMPLE_KEY_NAME = 'ERP da loja';

/** A pickup as a list answers it: the example body stored, numbered, not yet a shipment. */
function pickupExample(): Record<string, unknown> {
  const prepared = prepareSubmission(PICKUPS, API_PICKUP_EXAMPLE);
  if (!prepared.ok) throw new Error('API_PICKUP_EXAMPLE does not pass the form\u2019s rules');
  const values: Record<string, unknown> = {
    ...prepared.record,
    id: API_PICKUP_EXAMPLE.id,
    created: EXAMPLE_CREATED,
    updated: EXAMPLE_CREATED,
    number: PICKUPS.firstNumber,
    shipmentNumber: '482913570126',
    shipmentStage: 1,
    shipmentDeliveredTo: '',
    shipmentDeliveredAt: '',
    requestedBy: EXAMPLE_KEY_NAME,
  };
  const out: Record<string, unknown> = {};
  for (const field of apiPickupFields()) out[field.name] = values[field.name];
  return out;
}

function shipmentExample() {
  return apiShipmentOf(
    {
      number: '482913570126',
      service: 'Expressa',
      registeredAt: '2026-03-02 15:02:00.000Z',
      promisedDate: '2026-03-04',
      recipientCity: 'Itumbiara',
      recipientState: 'GO',
      weightKg: 3.5,
      stages: [1, 2],
      stage1At: '2026-03-02 18:30:00.000Z',
      stage2At: '2026-03-03 09:10:00.000Z',
      attemptLog: [],
    },
    PICKUPS.firstNumber ?? 0,
  );
}

const pathParameter = (name: string, description: string, pattern: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

export function openApiDocument(origin: string): Schema {
  const quote = apiQuote(API_QUOTE_EXAMPLE);
  if (!quote.ok) throw new Error('API_QUOTE_EXAMPLE does not pass the simulator\u2019s rules');
  const pickup = pickupExample();
  const shipment = shipmentExample();
  const receipt = {
    id: API_PICKUP_EXAMPLE.id,
    created: EXAMPLE_CREATED,
    number: PICKUPS.firstNumber,
  };
  const invalid = (data: Record<string, string>) => ({
    '400': errorResponse(
      'Algum campo foi recusado: `data` diz qual e por quê.',
      error(400, M.checkFields, data),
    ),
  });
  const paged = [
    { $ref: '#/components/parameters/page' },
    { $ref: '#/components/parameters/perPage' },
  ];
  const badPage = invalid({ page: M.page });

  return {
    openapi: '3.1.0',
    info: {
      title: `API da ${brand.shortName} para clientes corporativos`,
      version: '1',
      description:
        `Para o sistema de uma empresa cliente: cotar o frete, pedir coletas, acompanhar as solicitações e as remessas e baixar etiquetas. ` +
        `Um administrador da empresa cria a chave na área do cliente, em "Chaves de API"; envie-a em \`Authorization: Bearer ${API_KEY_PREFIX}…\` ou \`X-Api-Key\`. ` +
        `Cada chave faz até ${API_REQUESTS_PER_MINUTE} requisições por minuto. Guia: docs/api.md.`,
    },
    // The site's address (APP_URL); relative to the document when none is set.
    servers: [{ url: origin || '/' }],
    security: [{ bearer: [] }, { apiKeyHeader: [] }],
    paths: {
      '/api/v1/openapi.json': {
        get: {
          operationId: 'documento',
          summary: 'Este documento (OpenAPI 3.1)',
          security: [],
          responses: {
            '200': {
              description: 'O documento.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
      '/api/v1/cotacoes': {
        post: {
          operationId: 'cotar',
          summary: 'Preço do frete expresso, como o simulador do site',
          description:
            'O peso cobrado é o maior entre o real e o cubado (C × L × A ÷ 6000); acima de 30 kg o preço é "Consultar" (valores nulos). O seguro é 1% do valor da nota.',
          requestBody: { required: true, content: json(ref('QuoteRequest'), API_QUOTE_EXAMPLE) },
          responses: {
            '200': { description: 'O preço.', content: json(ref('Quote'), quote.quote) },
            ...invalid({ weight: 'Peso é obrigatório' }),
            '413': { $ref: '#/components/responses/TooLarge' },
            ...KEY_ERRORS,
          },
        },
      },
      '/api/v1/coletas': {
        post: {
          operationId: 'pedirColeta',
          summary: 'Nova solicitação de coleta, como o formulário da área do cliente',
          description:
            'Os mesmos campos, regras, numeração e e-mails do formulário. Envie um `id` seu (15 letras minúsculas e números) para repetir com segurança: o mesmo id responde a mesma confirmação e nada é criado de novo. A solicitação aparece em "Minhas solicitações" com o nome da chave em "Pedida por".',
          requestBody: {
            required: true,
            content: json(ref('PickupRequest'), API_PICKUP_EXAMPLE),
          },
          responses: {
            '201': {
              description: 'Criada: a confirmação.',
              content: json(ref('PickupReceipt'), receipt),
            },
            '200': {
              description: 'Já recebida antes (o mesmo id): a mesma confirmação.',
              content: json(ref('PickupReceipt'), receipt),
            },
            ...invalid({ telefone: 'Telefone inválido' }),
            '413': { $ref: '#/components/responses/TooLarge' },
            ...KEY_ERRORS,
          },
        },
        get: {
          operationId: 'listarColetas',
          summary: 'As solicitações de coleta da empresa, das mais novas às mais antigas',
          description: 'Todas as da empresa, feitas pelo site, por planilha ou por qualquer chave.',
          parameters: paged,
          responses: {
            '200': {
              description: 'Uma página.',
              content: json(ref('PickupPage'), apiPage([pickup], 1, API_PER_PAGE, 1)),
            },
            ...badPage,
            ...KEY_ERRORS,
          },
        },
      },
      '/api/v1/coletas/{id}': {
        get: {
          operationId: 'verColeta',
          summary: 'Uma solicitação de coleta da empresa',
          parameters: [pathParameter('id', 'O id da solicitação.', '^[a-z0-9]{15}$')],
          responses: {
            '200': { description: 'A solicitação.', content: json(ref('Pickup'), pickup) },
            '404': errorResponse(
              'Não existe, ou é de outra empresa.',
              error(404, M.pickupNotFound),
            ),
            ...KEY_ERRORS,
          },
        },
      },
      '/api/v1/remessas': {
        get: {
          operationId: 'listarRemessas',
          summary: 'As remessas da empresa com suas etapas, das mais novas às mais antigas',
          parameters: paged,
          responses: {
            '200': {
              description: 'Uma página.',
              content: json(ref('ShipmentPage'), apiPage([shipment], 1, API_PER_PAGE, 1)),
            },
            ...badPage,
            ...KEY_ERRORS,
          },
        },
      },
      '/api/v1/remessas/{number}': {
        get: {
          operationId: 'verRemessa',
          summary: 'Uma remessa da empresa',
          parameters: [pathParameter('number', 'O número da remessa.', '^[0-9]{1,32}$')],
          responses: {
            '200': { description: 'A remessa.', content: json(ref('Shipment'), shipment) },
            '404': errorResponse(
              'Não existe, ou é de outra empresa.',
              error(404, M.shipmentNotFound),
            ),
            ...KEY_ERRORS,
          },
        },
      },
      '/api/v1/remessas/{number}/etiqueta': {
        get: {
          operationId: 'etiqueta',
          summary: 'A etiqueta da remessa: PDF de uma página de 10 × 15 cm',
          description:
            'Como a etiqueta do escritório: código de barras Code 128 do número, destinatário e remetente, peso, previsão e o QR code do rastreio.',
          parameters: [pathParameter('number', 'O número da remessa.', '^[0-9]{1,32}$')],
          responses: {
            '200': {
              description: 'O PDF.',
              content: {
                'application/pdf': {
                  schema: { type: 'string', contentMediaType: 'application/pdf' },
                },
              },
            },
            '404': errorResponse(
              'Não existe, ou é de outra empresa.',
              error(404, M.shipmentNotFound),
            ),
            ...KEY_ERRORS,
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `A chave de API (${API_KEY_PREFIX}…) em Authorization: Bearer.`,
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
      parameters: {
        page: {
          name: 'page',
          in: 'query',
          description: 'A página, a partir de 1.',
          schema: { type: 'integer', minimum: 1, default: 1 },
        },
        perPage: {
          name: 'perPage',
          in: 'query',
          description: `Itens por página, até ${API_MAX_PER_PAGE}.`,
          schema: { type: 'integer', minimum: 1, maximum: API_MAX_PER_PAGE, default: API_PER_PAGE },
        },
      },
      responses: {
        Unauthorized: errorResponse(
          'Sem chave, chave inválida ou revogada, ou empresa desativada.',
          error(401, M.badKey),
        ),
        TooManyRequests: errorResponse(
          `Mais de ${API_REQUESTS_PER_MINUTE} requisições no minuto com esta chave: espere os segundos de Retry-After. Ou solicitações de coleta da empresa demais seguidas (os limites do formulário): aguarde um pouco.`,
          error(429, M.rateLimited(12)),
          {
            'Retry-After': {
              description: 'Segundos até poder tentar de novo.',
              schema: { type: 'integer' },
            },
          },
        ),
        TooLarge: errorResponse(
          'Corpo sem Content-Length, ou acima de 64 KB.',
          error(413, M.tooLarge),
        ),
      },
      schemas: {
        Error: ERROR_SCHEMA,
        QuoteRequest: bodySchema(API_QUOTE_RULES),
        Quote: {
          type: 'object',
          properties: {
            actualKg: { type: 'number', description: 'O peso informado.' },
            volumetricKg: { type: 'number', description: 'O peso cubado.' },
            chargeableKg: { type: 'number', description: 'O peso cobrado.' },
            freightCents: {
              type: ['integer', 'null'],
              description: 'O frete da tabela, em centavos (null: consultar).',
            },
            insuranceCents: {
              type: 'integer',
              description: 'O seguro: 1% do valor da nota, em centavos.',
            },
            totalCents: {
              type: ['integer', 'null'],
              description: 'Frete mais seguro, em centavos (null: consultar).',
            },
            total: {
              type: 'string',
              description: "Como o site escreve: 'R$ 124,50' ou 'Consultar'.",
            },
          },
          required: [
            'actualKg',
            'volumetricKg',
            'chargeableKg',
            'freightCents',
            'insuranceCents',
            'totalCents',
            'total',
          ],
          additionalProperties: false,
        },
        PickupRequest: bodySchema(PICKUPS.rules, {
          id: {
            type: 'string',
            pattern: '^[a-z0-9]{15}$',
            description: 'Opcional: um id seu, para repetir a mesma solicitação sem criar outra.',
          },
        }),
        PickupReceipt: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            created: { type: 'string' },
            number: { type: 'integer', description: 'O número da solicitação.' },
          },
          required: ['id', 'created', 'number'],
          additionalProperties: false,
        },
        Pickup: pickupSchema(),
        PickupPage: pageSchema('Pickup'),
        Shipment: SHIPMENT_SCHEMA,
        ShipmentPage: pageSchema('Shipment'),
      },
    },
  };
}
