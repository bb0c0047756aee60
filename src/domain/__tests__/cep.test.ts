import { describe, expect, it } from 'vitest';
import {
  cepAnswerOf,
  cepCityNote,
  cepFill,
  cepNote,
  cepPlaceProblem,
  cepStateProblem,
  placeUf,
  ufFromCep,
} from '../cep';
import { checkShipment } from '../shipments';
import { cepProblems, prepareSubmission, SUBMISSION_KINDS } from '../submissions';

describe('the UF of a CEP, with no signal', () => {
  it.each([
    ['01310-100', 'SP'], // Av. Paulista
    ['20040-020', 'RJ'],
    ['30130-010', 'MG'],
    ['40020-000', 'BA'],
    ['69005-070', 'AM'],
    ['69301-000', 'RR'],
    ['70040-010', 'DF'],
    ['72800-000', 'GO'], // Luziânia, inside the DF's block of numbers
    ['73010-000', 'DF'],
    ['74003-010', 'GO'],
    ['76801-000', 'RO'],
    ['80020-000', 'PR'],
    ['88010-000', 'SC'],
    ['90010-000', 'RS'],
    // The first and last CEP of blocks: every state, and the edges where one block meets the next.
    ['01000-000', 'SP'],
    ['29000-000', 'ES'],
    ['49000-000', 'SE'],
    ['50000-000', 'PE'],
    ['57000-000', 'AL'],
    ['58000-000', 'PB'],
    ['59000-000', 'RN'],
    ['60000-000', 'CE'],
    ['64000-000', 'PI'],
    ['65000-000', 'MA'],
    ['68899-999', 'PA'],
    ['68900-000', 'AP'],
    ['69299-999', 'AM'],
    ['69899-999', 'AM'],
    ['69900-000', 'AC'],
    ['72799-999', 'DF'],
    ['73699-999', 'DF'],
    ['73700-000', 'GO'],
    ['77000-000', 'TO'],
    ['78000-000', 'MT'],
    ['79000-000', 'MS'],
    ['99999-999', 'RS'],
  ])('%s is in %s', (cep, uf) => {
    expect(ufFromCep(cep)).toBe(uf);
  });

  it.each(['', '7400', '00000-000', '123456789'])('%j says nothing', (cep) => {
    expect(ufFromCep(cep)).toBeNull();
  });

  it('flags a UF that contradicts the CEP, also when the shipment is checked before saving', () => {
    expect(cepStateProblem('74003-010', 'SP')).toBe('Este CEP é de GO: confira a UF.');
    expect(cepStateProblem('74003-010', 'GO')).toBeNull();
    expect(cepStateProblem('', 'SP')).toBeNull();
    const errors = checkShipment({ recipientZip: '74003010', recipientState: 'SP' });
    expect(errors.recipientState).toBe('Este CEP é de GO: confira a UF.');
  });
});

describe("a public service's answer", () => {
  const viaCep = {
    cep: '74003010',
    state: 'GO',
    city: 'Goiânia',
    neighborhood: '  Setor  Central ',
    street: 'Rua 7',
    service: 'viacep',
  };

  it('is kept in the parts the forms use', () => {
    expect(cepAnswerOf(viaCep, '74003-010')).toEqual({
      cep: '74003010',
      street: 'Rua 7',
      district: 'Setor Central',
      city: 'Goiânia',
      state: 'GO',
    });
    // A city-wide CEP: no street, no district.
    expect(cepAnswerOf({ ...viaCep, street: '', neighborhood: '' }, '74003010')).toMatchObject({
      street: '',
      district: '',
      city: 'Goiânia',
    });
  });

  it('is refused for another CEP, without a city, or with a UF its range contradicts', () => {
    expect(cepAnswerOf({ ...viaCep, cep: '74003011' }, '74003010')).toBeNull();
    expect(cepAnswerOf({ ...viaCep, city: ' ' }, '74003010')).toBeNull();
    expect(cepAnswerOf({ ...viaCep, state: 'SP' }, '74003010')).toBeNull();
    expect(cepAnswerOf(viaCep, '00000000')).toBeNull();
    expect(cepAnswerOf('Goiânia', '74003010')).toBeNull();
  });
});

describe('what an answer fills', () => {
  const answer = { street: 'Rua 7', district: 'Setor Central', city: 'Goiânia', state: 'GO' };
  const parts = {
    street: ['street'],
    district: ['district'],
    city: ['city'],
    uf: ['state'],
  } as const;
  const oneLine = { address: ['street', 'district'], city: ['city', 'state'] } as const;

  it('fills the empty fields, each part in its field or joined in one line', () => {
    expect(cepFill(parts, answer, {}, {})).toEqual({
      street: 'Rua 7',
      district: 'Setor Central',
      city: 'Goiânia',
      uf: 'GO',
    });
    expect(cepFill(oneLine, answer, { address: ' ', city: '' }, {})).toEqual({
      address: 'Rua 7 - Setor Central',
      city: 'Goiânia - GO',
    });
  });

  it('never writes over what the person typed, and a filled value the person changed is theirs', () => {
    const values = { street: 'Rua Sete, 45', city: 'Goiania', uf: '' };
    const filled = { city: 'Goiânia' };
    expect(cepFill(parts, answer, values, filled)).toEqual({ district: 'Setor Central', uf: 'GO' });
  });

  it('replaces what an earlier CEP filled, and empties what the new one says nothing of', () => {
    const before = { street: 'Rua 7', district: 'Setor Central', city: 'Goiânia', uf: 'GO' };
    const next = { street: '', district: '', city: 'Anápolis', state: 'GO' };
    expect(cepFill(parts, next, before, before)).toEqual({
      street: '',
      district: '',
      city: 'Anápolis',
    });
  });

  it('with the UF alone: a UF field only, never a bare UF for a city; a partial answer empties nothing', () => {
    const before = { address: 'Rua 7 - Setor Central', city: 'Goiânia - GO' };
    expect(cepFill(oneLine, { state: 'GO' }, {}, {})).toEqual({});
    expect(cepFill(oneLine, { state: 'GO' }, before, before, { partial: true })).toEqual({});
    expect(cepFill(oneLine, { state: 'GO' }, before, before)).toEqual({ address: '', city: '' });
    expect(cepFill(parts, { state: 'PR' }, { uf: 'GO' }, { uf: 'GO' }, { partial: true })).toEqual({
      uf: 'PR',
    });
  });
});

describe('a place that contradicts its CEP', () => {
  it.each([
    ['GO', 'GO'],
    ['Goiânia - GO', 'GO'],
    ['Goiânia/go', 'GO'],
    ['Vila Velha, ES', 'ES'],
    ['Goiânia', null],
    ['São Paulo', null],
    ['Embu-Guaçu', null],
    ['Itu - XX', null],
  ])('%j names the UF %j', (place, uf) => {
    expect(placeUf(place)).toBe(uf);
  });

  it('is a UF, or a city written with its UF, of another state', () => {
    expect(cepPlaceProblem('80020-000', 'Curitiba - SP')).toBe('Este CEP é de PR: confira a UF.');
    expect(cepPlaceProblem('80020-000', 'Curitiba - PR')).toBeNull();
    expect(cepPlaceProblem('80020-000', 'Curitiba')).toBeNull();
    expect(cepPlaceProblem('', 'Curitiba - SP')).toBeNull();
  });

  it('is refused in the requests of the catalogue, on the city, before and on the server', () => {
    const values = {
      senderZip: '01302-000',
      senderCity: 'São Paulo - RJ',
      recipientZip: '80020000',
    };
    expect(cepProblems(SUBMISSION_KINDS.urgent, values)).toEqual({
      senderCity: 'Este CEP é de SP: confira a UF.',
    });
    expect(cepProblems(SUBMISSION_KINDS.quote, values)).toEqual({
      senderCity: 'Este CEP é de SP: confira a UF.',
    });
    // The pickup form has no CEP.
    expect(cepProblems(SUBMISSION_KINDS.pickup, { cidade: 'Goiânia - SP' })).toEqual({});
    const prepared = prepareSubmission(SUBMISSION_KINDS.urgent, values);
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.errors.senderCity).toBe('Este CEP é de SP: confira a UF.');
  });

  it('a city other than the answer’s is only noted', () => {
    expect(cepCityNote({ city: 'Goiânia' }, 'Anápolis')).toBe('Pelo CEP, a cidade é Goiânia.');
    expect(cepCityNote({ city: 'Goiânia' }, 'goiania - GO')).toBeNull();
    expect(cepCityNote({ city: 'Goiânia' }, '')).toBeNull();
    expect(cepCityNote(null, 'Anápolis')).toBeNull();
  });
});

describe('what the person is told under the CEP', () => {
  it('says quietly what was filled, or what is theirs to type', () => {
    expect(cepNote('found', { filledAddress: true, ufFilled: true })).toBe(
      'Endereço preenchido pelo CEP: confira e complete o número.',
    );
    expect(cepNote('found', { filledAddress: false, ufFilled: true })).toBeNull();
    expect(cepNote('offline', { filledAddress: false, ufFilled: true })).toBe(
      'Sem conexão: preencha o endereço; a UF veio do CEP.',
    );
    expect(cepNote('offline', { filledAddress: false, ufFilled: false })).toBe(
      'Sem conexão: preencha o endereço e a cidade.',
    );
    expect(cepNote('failed', { filledAddress: false, ufFilled: true })).toMatch(/a UF veio do CEP/);
    expect(cepNote('not-found', { filledAddress: false, ufFilled: true })).toMatch(
      /não encontrado/,
    );
  });
});
