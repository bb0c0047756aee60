import { describe, expect, it } from 'vitest';
import {
  checkShipment,
  draftFromRequest,
  pickupRoute,
  emptyShipment,
  prepareShipment,
  promisedDateFor,
  shipmentFormValues,
  splitAddress,
  splitCity,
} from '../shipments';
import { isCalendarDay } from '../fields';

const SITE = {
  name: 'Cliente S.A.',
  taxId: '11.222.333/0001-81',
  street: 'Rodovia Exemplo, km 10 - Distrito Industrial',
  town: 'Itumbiara - GO',
};

describe('a request address in parts', () => {
  it.each([
    ['Rua das Flores, 123 - apto 4', 'Rua das Flores', '123', 'apto 4', ''],
    ['Av. Paulista 1578', 'Av. Paulista', '1578', '', ''],
    ['Rua XV, nº 10, fundos', 'Rua XV', '10', 'fundos', ''],
    ['Estrada Velha, s/n', 'Estrada Velha', 'S/N', '', ''],
    ['Praça da Sé', 'Praça da Sé', '', '', ''],
    ['Rua 7, 45 - Setor Oeste', 'Rua 7', '45', '', 'Setor Oeste'],
    ['Av. Paulista, 1000, ap 52', 'Av. Paulista', '1000', 'ap 52', ''],
    ['Rua B, 12, bloco 3 - Vila Nova', 'Rua B', '12', 'bloco 3', 'Vila Nova'],
    // Only a neighbourhood goes to the district: a note stays in the complement, which is
    // erased with the person's data.
    ['Rua C, 5, casa da Dona Maria', 'Rua C', '5', 'casa da Dona Maria', ''],
    ['Rua D, 8 - 2º andar - Jardim América', 'Rua D', '8', '2º andar', 'Jardim América'],
    ['Rodovia BR-153, km 10', 'Rodovia BR-153, km 10', '', '', ''],
  ])('%s', (line, street, number, complement, district) => {
    expect(splitAddress(line)).toEqual({ street, number, complement, district });
  });

  it('a city with its UF, in the ways people write it', () => {
    expect(splitCity('Goiânia - GO')).toEqual({ city: 'Goiânia', state: 'GO' });
    expect(splitCity('Curitiba/pr')).toEqual({ city: 'Curitiba', state: 'PR' });
    expect(splitCity('Mogi das Cruzes')).toEqual({ city: 'Mogi das Cruzes', state: '' });
    expect(splitCity('Não informado')).toEqual({ city: '', state: '' });
  });
});

describe('the promised date', () => {
  it('urgent the same day, express two working days later (no weekend deliveries)', () => {
    expect(promisedDateFor('Urgente', '2026-11-25')).toBe('2026-11-25');
    expect(promisedDateFor('Expressa', '2026-11-25')).toBe('2026-11-27'); // Wed → Fri
    expect(promisedDateFor('Expressa', '2026-11-26')).toBe('2026-11-30'); // Thu → Mon
    expect(promisedDateFor('Expressa', '2026-11-28')).toBe('2026-12-01'); // Sat → Tue
  });

  it('only days that exist', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('29/02/2028')).toBe(false);
  });
});

describe('the shipment form from a request', () => {
  it('a corporate pickup: the sender is the fixed site, the addressee the request', () => {
    const draft = draftFromRequest(
      'pickup',
      {
        empresa: 'Mercado Bom',
        contato: 'Rita',
        telefone: '(62) 3333-4444',
        endereco: 'Rua 7, 45 - Setor Oeste',
        cidade: 'Goiânia',
        estado: 'GO',
        tipoEntrega: 'Peças',
        pesoKg: 2.5,
        alturaCm: 10,
        comprimentoCm: 20,
        larguraCm: 15,
        valorNFCents: 123456,
      },
      SITE,
      '2026-11-25',
    );
    expect(draft).toMatchObject({
      senderName: 'Cliente S.A.',
      senderDocument: '11.222.333/0001-81',
      // A site on a highway has no number to split off: it stays whole, for staff to finish.
      senderStreet: 'Rodovia Exemplo, km 10 - Distrito Industrial',
      senderStreetNumber: '',
      senderCity: 'Itumbiara',
      senderState: 'GO',
      recipientName: 'Mercado Bom — Rita',
      recipientStreet: 'Rua 7',
      recipientStreetNumber: '45',
      recipientComplement: '',
      recipientDistrict: 'Setor Oeste',
      recipientState: 'GO',
      contents: 'Peças',
      weight: '2,5',
      invoiceValue: '1.234,56',
      service: 'Expressa',
      promisedDate: '2026-11-27',
    });
  });

  it('a corporate pickup that does not leave from the fixed site: collected at the named place, brought to the site', () => {
    const request = {
      saiLocalColeta: 'não',
      empresa: 'Fornecedor Sul',
      contato: 'Caio',
      telefone: '(62) 3333-4444',
      endereco: 'Rua 9, 100 - Centro',
      cidade: 'Rio Verde',
      estado: 'GO',
      tipoEntrega: 'Peças',
    };
    const draft = draftFromRequest('pickup', request, SITE, '2026-11-25');
    expect(draft).toMatchObject({
      senderName: 'Fornecedor Sul — Caio',
      senderStreet: 'Rua 9',
      senderStreetNumber: '100',
      senderCity: 'Rio Verde',
      senderState: 'GO',
      recipientName: 'Cliente S.A.',
      recipientDocument: '11.222.333/0001-81',
      recipientCity: 'Itumbiara',
      recipientState: 'GO',
    });
    expect(pickupRoute(request, SITE)).toEqual({ from: 'Rio Verde - GO', to: 'Itumbiara - GO' });
    expect(pickupRoute({ ...request, saiLocalColeta: 'sim' }, SITE)).toEqual({
      from: 'Itumbiara - GO',
      to: 'Rio Verde - GO',
    });
  });

  it("an urgent request's 'Recebedor' is whom the driver asks for", () => {
    const draft = draftFromRequest(
      'urgent',
      {
        senderName: 'Laboratório Vida',
        senderCity: 'São Paulo - SP',
        recipientName: 'Clínica Sul',
        recipientReceiver: 'Portaria do bloco B',
        recipientCity: 'Curitiba - PR',
      },
      SITE,
      '2026-11-25',
    );
    expect(draft.recipientReceiver).toBe('Portaria do bloco B');
    expect(draft.recipientName).toBe('Clínica Sul');
  });

  it('a quote: cities typed without their UF take it from the places chosen for the price', () => {
    const quote = {
      senderName: 'Ana',
      senderAddress: 'Av. Paulista, 1000, ap 52',
      senderCity: 'Sao Paulo',
      pickupLocation: 'São Paulo - SP',
      recipientName: 'Bia',
      recipientAddress: 'Rua 10, 250, Setor Oeste',
      recipientCity: 'Goiânia',
      deliveryLocation: 'Goiânia - GO',
      parcelType: 'encomenda',
    };
    expect(draftFromRequest('quote', quote, SITE, '2026-11-25')).toMatchObject({
      senderCity: 'São Paulo',
      senderState: 'SP',
      senderComplement: 'ap 52',
      recipientCity: 'Goiânia',
      recipientState: 'GO',
      recipientStreetNumber: '250',
      recipientDistrict: 'Setor Oeste',
    });
    // Another city than the one priced keeps what was typed, with no UF guessed for it.
    expect(
      draftFromRequest('quote', { ...quote, recipientCity: 'Anápolis' }, SITE, '2026-11-25'),
    ).toMatchObject({ recipientCity: 'Anápolis', recipientState: '' });
    // None typed ('Não informado'): the place chosen for the price.
    expect(
      draftFromRequest('quote', { ...quote, senderCity: 'Não informado' }, SITE, '2026-11-25'),
    ).toMatchObject({ senderCity: 'São Paulo', senderState: 'SP' });
  });

  it('what the form shows is what it saves, and bad input is named field by field', () => {
    const values = {
      ...emptyShipment('2026-11-25'),
      senderName: 'Ana',
      senderZip: '01310-100',
      senderStreet: 'Av. Paulista',
      senderStreetNumber: '1000',
      senderCity: 'São Paulo',
      senderState: 'SP',
      recipientName: 'Bia',
      recipientDocument: '111.444.777-35',
      recipientPhone: '(41) 99999-0000',
      recipientZip: '80020-000',
      recipientStreet: 'Rua XV',
      recipientStreetNumber: '10',
      recipientCity: 'Curitiba',
      recipientState: 'PR',
      contents: 'Documentos',
      weight: '1,5',
      invoiceValue: '1.234,56',
    };
    const prepared = prepareShipment(values);
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.details).toMatchObject({
      recipientZip: '80020000',
      recipientDocument: '11144477735',
      weightKg: 1.5,
      invoiceValueCents: 123456,
    });
    expect(shipmentFormValues(prepared.details)).toMatchObject({
      recipientZip: '80020-000',
      recipientDocument: '111.444.777-35',
      weight: '1,50',
      invoiceValue: '1.234,56',
    });
    expect(checkShipment({ ...values, recipientDocument: '11.222.333/0001-00' })).toEqual({
      recipientDocument: 'CNPJ inválido',
    });
  });
});
