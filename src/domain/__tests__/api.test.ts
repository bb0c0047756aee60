import { describe, expect, it } from 'vitest';
import {
  API_MAX_PER_PAGE,
  API_PER_PAGE,
  API_PICKUP_EXAMPLE,
  API_QUOTE_EXAMPLE,
  PICKUPS,
  apiPickupFields,
  apiQuote,
  apiShipmentOf,
  checkApiKeyName,
  isApiKeyShape,
  pageOf,
  shownPart,
  storedKeyName,
} from '../api';
import { labelText } from '../labels';
import { clientReadableFields, prepareSubmission } from '../submissions';

describe("the API's quote is the simulator's", () => {
  // Figures from the price table: the larger of the weight and the cubagem (C × L × A ÷ 6000),
  // the tier "up to and including", and 1% of the invoice.
  it.each([
    // 2,5 kg, 40×30×20 cm (4 kg cubed): 4 kg tier R$ 109,50 + 1% of R$ 1.500,00.
    [
      { weight: 2.5, length: 40, width: 30, height: 20, invoiceValue: '1500,00' },
      10950,
      1500,
      'R$ 124,50',
    ],
    // Typed as the form takes them.
    [
      { weight: '2,5', length: '40', width: '30', height: '20', invoiceValue: '1.500,00' },
      10950,
      1500,
      'R$ 124,50',
    ],
    // 1 kg, small, no invoice.
    [{ weight: 1, length: 10, width: 10, height: 10 }, 6710, 0, 'R$ 67,10'],
    // Above 30 kg: 'Consultar'.
    [{ weight: 45, length: 10, width: 10, height: 10 }, null, 0, 'Consultar'],
  ])('%j', (values, freight, insurance, total) => {
    const result = apiQuote(values);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.freightCents).toBe(freight);
    expect(result.quote.insuranceCents).toBe(insurance);
    expect(result.quote.total).toBe(total);
    expect(result.quote.totalCents).toBe(freight === null ? null : freight + insurance);
  });

  it("refuses with the quote form's own messages", () => {
    const result = apiQuote({ weight: '0,001', length: 'abc' });
    expect(result).toEqual({
      ok: false,
      errors: {
        weight: 'Use no mínimo 0,01 kg',
        length: 'Informe um número maior que zero',
        width: 'Este campo é obrigatório',
        height: 'Este campo é obrigatório',
      },
    });
  });

  it('has an example that passes', () => {
    expect(apiQuote(API_QUOTE_EXAMPLE).ok).toBe(true);
  });
});

describe('API keys', () => {
  it.each([
    [`rvk_${'a1B2'.repeat(10)}`, true],
    [`rvk_${'a'.repeat(39)}`, false],
    [`rvk_${'a'.repeat(41)}`, false],
    [`rvx_${'a'.repeat(40)}`, false],
    [`rvk_${'a'.repeat(39)}-`, false],
    ['', false],
  ])('%s is a key: %s', (text, ok) => {
    expect(isApiKeyShape(text)).toBe(ok);
  });

  it('show their prefix and six characters, and are named by their administrator', () => {
    expect(shownPart(`rvk_AbC12xyz${'a'.repeat(32)}`)).toBe('rvk_AbC12x');
    expect(storedKeyName('  ERP   da  loja ')).toBe('ERP da loja');
    expect(checkApiKeyName({ name: ' ' }).name).toMatch(/Dê um nome/);
    expect(checkApiKeyName({ name: 'x'.repeat(61) }).name).toBe('Use no máximo 60 caracteres');
    expect(checkApiKeyName({ name: 'ERP' })).toEqual({});
  });
});

describe("a list's page", () => {
  it.each([
    [{}, { page: 1, perPage: API_PER_PAGE }],
    [
      { page: '3', perPage: '10' },
      { page: 3, perPage: 10 },
    ],
    [{ perPage: String(API_MAX_PER_PAGE) }, { page: 1, perPage: API_MAX_PER_PAGE }],
  ])('%j is %j', (query, page) => {
    expect(pageOf(query)).toEqual(page);
  });

  it.each([
    [{ page: '0' }],
    [{ page: '1.5' }],
    [{ page: 'x' }],
    [{ perPage: '101' }],
    [{ perPage: '0' }],
  ])('%j is refused', (query) => {
    expect(pageOf(query)).toHaveProperty('errors');
  });
});

describe('what a system reads of a pickup', () => {
  it("is what the company's people read, typed", () => {
    const names = apiPickupFields().map((f) => f.name);
    expect(names).toEqual(
      clientReadableFields(PICKUPS).filter((n) => n !== 'collectionId' && n !== 'collectionName'),
    );
    const types = Object.fromEntries(apiPickupFields().map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      number: 'integer',
      shipmentStage: 'integer',
      pesoKg: 'number',
      valorNFCents: 'number',
      cidade: 'string',
    });
    expect(names).not.toContain('client');
    expect(names).not.toContain('mailStatus');
  });

  it("has an example the form's rules accept", () => {
    expect(prepareSubmission(PICKUPS, API_PICKUP_EXAMPLE).ok).toBe(true);
    expect(API_PICKUP_EXAMPLE.id).toMatch(/^[a-z0-9]{15}$/);
  });
});

describe('what a system reads of a shipment', () => {
  const base = {
    number: '482913570126',
    service: 'Expressa',
    created: '2026-03-02 15:02:00.000Z',
    registeredAt: '',
    promisedDate: '2026-03-04',
    recipientCity: 'Itumbiara',
    recipientState: 'GO',
    weightKg: 3.5,
    receiverName: 'Maria da Silva Souza',
    recipientStreet: 'Rua que nunca sai',
  };

  it.each([
    [[], {}, 0, 'Remessa registrada', ''],
    [[1, 2], { stage1At: 'a', stage2At: 'b' }, 2, 'Encomenda enviada ao destino', ''],
    [[1, 2, 3, 4], { stage4At: 'd' }, 4, 'Encomenda entregue', 'M. S. S.'],
  ])('stages %j', (stages, times, stage, label, deliveredTo) => {
    const view = apiShipmentOf({ ...base, ...times, stages }, 1035);
    expect(view).toMatchObject({
      stage,
      stageLabel: label,
      stages,
      deliveredTo,
      requestNumber: 1035,
    });
    expect(view.registeredAt).toBe(base.created);
    expect(view.destination).toBe('Itumbiara - GO');
    expect(JSON.stringify(view)).not.toMatch(/Maria|Rua que nunca sai/);
  });

  it('says a return, and each failed attempt by its time and reason only', () => {
    const view = apiShipmentOf(
      {
        ...base,
        stages: [1],
        returnedAt: '2026-03-09 10:00:00.000Z',
        attemptLog: [
          {
            id: 'a1',
            at: '2026-03-03 10:00:00.000Z',
            reason: 'ausente',
            note: 'Portão azul',
            by: 'x',
          },
        ],
      },
      0,
    );
    expect(view.stageLabel).toBe('Devolvida ao remetente');
    expect(view.attempts).toEqual([
      { at: '2026-03-03 10:00:00.000Z', reason: 'ausente', reasonLabel: 'Destinatário ausente' },
    ]);
  });
});

describe("a label's words", () => {
  it("are the office label's: parties, CEP masked, weight, promise and the tracking link", () => {
    const label = labelText(
      'Rota Veloz',
      '482913570126',
      {
        service: 'Expressa',
        recipientName: 'Oficina Central',
        recipientStreet: 'Rua 7',
        recipientStreetNumber: '45',
        recipientDistrict: 'Centro',
        recipientCity: 'Goiânia',
        recipientState: 'GO',
        recipientZip: '74000000',
        senderName: 'Balcão',
        senderCity: 'São Paulo',
        senderState: 'SP',
        senderZip: '01310100',
        weightKg: 2.5,
        promisedDate: '2026-03-04',
      },
      'https://rotaveloz.example',
    );
    expect(label).toMatchObject({
      service: 'EXPRESSA',
      recipient: { address: 'Rua 7, 45 - Centro', place: 'Goiânia - GO', cep: 'CEP 74000-000' },
      sender: { name: 'Balcão', cep: 'CEP 01310-100' },
      weight: '2,50 kg',
      promise: '04/03/2026',
      link: 'https://rotaveloz.example/rastrear?numero=482913570126',
      linkText: 'Rastreie em rotaveloz.example/rastrear?numero=482913570126',
    });
  });
});
